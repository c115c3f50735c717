import { randomUUID } from 'node:crypto';
import { revokeAllRefreshTokens } from '#server/auth/refresh-sessions.ts';
import { IDEMPOTENCY_MESSAGES } from '#server/http/idempotency.ts';
import type { BatchWrite } from '#shared/sync/batch.ts';
import { createTestServer, type TestServer } from '../../server/helpers/test-server.ts';

/**
 * The real server app, in this process (PGlite in memory), as the device's code reaches it: its
 * `fetch` hands each request to the app, with faults a test injects for the next request around
 * it (for a batch: the batch's, or its first write's). No rule of the server is written again
 * here: what the device is told is what the server answers.
 */
export type Fault =
  /** The request never reaches the server. */
  | 'network-before'
  /** The server applies the write, then the answer is lost (the client sees a network error). */
  | 'network-after'
  | 'server-error'
  | 'rate-limited'
  /** The access token expired just before this request. */
  | 'token-expired'
  /** Every refresh token of the person was revoked (signed out everywhere): they sign in again. */
  | 'session-revoked'
  /** An earlier attempt with this key is still running on the server. */
  | 'still-running';

const ORIGIN = 'http://vintry.test';
const PASSWORD = 'Model2026!';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export interface Session {
  accessToken: string;
  refreshToken: string;
}

/** A business of its own for each run, with its owner signed in on this device and another. */
export interface Shop {
  businessId: string;
  userId: string;
  email: string;
  device: Session;
  /** Another tablet of the shop, signed in as the same person. */
  other: Session;
}

export class RealSyncServer {
  /** How many batches reached the server. */
  batches = 0;
  private faults: Fault[] = [];
  private shops = 0;
  shop: Shop | null = null;

  private constructor(readonly server: TestServer) {}

  static async start() {
    return new RealSyncServer(await createTestServer());
  }

  close() {
    return this.server.close();
  }

  /** A new business and its owner, signed in on this device and on another. */
  async newShop(): Promise<Shop> {
    this.shops += 1;
    this.faults = [];
    this.batches = 0;
    const email = `owner-${this.shops}@model.test`;
    const { businessId, id: userId } = await this.server.createUser({
      email,
      password: PASSWORD,
      businessName: `Model Cellar ${this.shops}`,
    });
    // Sales are dated by the device's clock, which the tests move: the shop began long ago.
    await this.server.foundedLongAgo();
    const [device, other] = await Promise.all([this.signIn(email), this.signIn(email)]);
    this.shop = { businessId, userId, email, device, other };
    return this.shop;
  }

  /** The person signs in again (on this device): new tokens. */
  async signIn(email = this.shop?.email ?? ''): Promise<Session> {
    const { accessToken, refreshToken } = await this.server.login(email, PASSWORD);
    return { accessToken, refreshToken };
  }

  inject(fault: Fault) {
    this.faults.push(fault);
  }

  clearFaults() {
    this.faults = [];
  }

  private app(request: Request) {
    return this.server.app.fetch(request);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(new URL(String(input), ORIGIN), init);
    const { pathname } = new URL(request.url);
    if (pathname === '/api/v1/auth/refresh') return this.app(request);
    const isBatch = request.method === 'POST' && pathname === '/api/v1/batch';
    if (isBatch) this.batches += 1;
    const fault = this.faults.shift();
    if (fault === 'network-before') throw new TypeError('Failed to fetch');
    if (fault === 'server-error') return json(503, { message: 'Service unavailable' });
    if (fault === 'rate-limited') {
      return json(429, { message: 'Too many requests' }, { 'Retry-After': '2' });
    }
    if (fault === 'token-expired') return json(401, { message: 'Invalid or expired token' });
    if (fault === 'session-revoked') {
      const { server, shop } = this;
      if (shop) await revokeAllRefreshTokens(server.db, shop.userId, server.now());
      return json(401, { message: 'Invalid or expired token' });
    }
    let response: Response;
    if (fault === 'still-running') {
      const busy = { message: IDEMPOTENCY_MESSAGES.inProgress };
      response = isBatch
        ? await this.batchFirstBusy(request, busy)
        : json(409, busy, { 'Retry-After': '1' });
    } else {
      response = await this.app(request);
    }
    if (fault === 'network-after') {
      // The answer is read (its work done) and lost on the way.
      await response.arrayBuffer();
      throw new TypeError('Failed to fetch');
    }
    return response;
  };

  /** A batch whose first write is still running from an earlier attempt: the rest are run. */
  private async batchFirstBusy(request: Request, busy: { message: string }) {
    const { writes } = (await request.json()) as { writes: BatchWrite[] };
    const rest = writes.slice(1);
    let answers: unknown[] = [];
    if (rest.length > 0) {
      const headers = new Headers(request.headers);
      const answered = await this.app(
        new Request(request.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ writes: rest }),
        }),
      );
      if (answered.status !== 200) return answered;
      answers = ((await answered.json()) as { answers: unknown[] }).answers;
    }
    return json(200, { answers: [{ status: 409, body: busy, retry_after: 1 }, ...answers] });
  }

  /**
   * A call of the other tablet of the shop. Signed out everywhere meanwhile (a revoked session),
   * its person signs in again first.
   */
  private async asOther(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const shop = this.shop;
    if (!shop) throw new Error('no shop');
    const send = () => this.server.call(method, path, { ...init, token: shop.other.accessToken });
    const response = await send();
    if (response.status !== 401) return response;
    shop.other = await this.signIn();
    return send();
  }

  /** GET an answer of the API as the other tablet reads it. */
  async read<T>(path: string): Promise<T> {
    const response = await this.asOther('GET', path);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return response.body as T;
  }

  /** Another tablet of the shop changes a product's field, from the version it holds. */
  async editElsewhere(id: number, version: number, field: string, value: unknown) {
    const response = await this.asOther('PATCH', `/api/v1/catalogue/products/${id}`, {
      headers: { 'Idempotency-Key': randomUUID() },
      body: { base_version: version, changes: { [field]: value } },
    });
    if (response.status !== 200) {
      throw new Error(`the other tablet's edit answered ${response.status}`);
    }
  }
}
