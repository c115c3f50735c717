import type { CustomFieldDefinitionBody } from '#domains/custom-fields/definition.ts';
import { columnPreferencesAnswer } from '#domains/preferences/column-preferences.ts';
import { isOfferedColumn } from '#domains/products/columns.ts';
import {
  conflictingFields,
  type ProductChanges,
  sameValue,
} from '#domains/products/product-write.ts';
import type { BatchWrite } from '#shared/sync/batch.ts';

/**
 * A small in-memory stand-in for the API's write side, for model-based tests of the outbox: column
 * preferences, inventory settings, custom field definitions, catalogue products (with the field
 * merge of the real server), their stock movements and count lines, token refresh, Idempotency-Key replays and POST /batch, with faults a
 * test injects for the next request (for a batch: the batch's, or its first write's). Like the real server, it refuses a
 * column that is neither offered nor a custom field, and a field's columns follow its key and go
 * with it. It counts how often each key's write
 * took effect, so a test can prove none took effect twice.
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
  /** The refresh token was revoked (and the access token expired): the user must sign in. */
  | 'session-revoked'
  /** An earlier attempt with this key is still running on the server. */
  | 'still-running';

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface ServedField extends CustomFieldDefinitionBody {
  id: number;
  created_at: string;
  updated_at: string;
}

/** A product as the catalogue writes keep it: values by server key, and when each changed. */
export interface ServedProduct {
  id: number;
  version: number;
  values: Record<string, unknown>;
  /** The product version at which each field last changed. */
  changedAt: Map<string, number>;
}

const productAnswer = (product: ServedProduct) => ({
  id: product.id,
  version: product.version,
  columns: Object.entries(product.values).map(([key, value]) => ({ key, value })),
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export class FakeSyncServer {
  columns: { column_key: string; is_visible: boolean; display_order: number }[] | null = null;
  settings: Record<string, unknown> | null = null;
  fields = new Map<number, ServedField>();
  products = new Map<number, ServedProduct>();
  /** Counts by id: each product's line, as counted last. */
  stocktakes = new Map<string, Map<number, { quantity: number; countedAt: string }>>();
  /** Stock movements by their id. */
  movements = new Map<string, { productId: number; delta: number }>();
  /**
   * Sales by their id: each line's product and units, the units returned of each, and what its
   * manager's approval came to, when it brought one.
   */
  sales = new Map<
    string,
    {
      lines: { productId: number; quantity: number; returned: number }[];
      approval?: 'confirmed' | 'not-confirmed';
    }
  >();
  /**
   * What the real server would find when it opens each sealed PIN (by its sealed text): the test
   * that seals a PIN says whether it is the approver's. A sale whose PIN is not is kept, marked.
   */
  approvalVerdicts = new Map<string, 'confirmed' | 'not-confirmed'>();
  /** Returns by their id. */
  returns = new Set<string>();
  /** How many times the write of each Idempotency-Key took effect. */
  effects = new Map<string, number>();
  requests = 0;
  /** How many of them were batches. */
  batches = 0;
  private answers = new Map<string, StoredAnswer>();
  private faults: Fault[] = [];
  private nextId = 1;
  private accessToken = 'access-0';
  private refreshToken = 'refresh-0';
  private tokenSerial = 0;

  /** The tokens a sign-in hands out. */
  signIn() {
    this.tokenSerial += 1;
    this.accessToken = `access-${this.tokenSerial}`;
    this.refreshToken = `refresh-${this.tokenSerial}`;
    return { accessToken: this.accessToken, refreshToken: this.refreshToken };
  }

  /** Another device of the business changes a product's field, as the real server would. */
  editElsewhere(id: number, field: string, value: unknown) {
    const product = this.products.get(id);
    if (!product) return;
    product.version += 1;
    product.values[field] = value;
    product.changedAt.set(field, product.version);
  }

  inject(fault: Fault) {
    this.faults.push(fault);
  }

  clearFaults() {
    this.faults = [];
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://vintry.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? init.body : '';
    if (url.pathname === '/api/v1/auth/refresh') return this.refresh(body);

    this.requests += 1;
    const fault = this.faults.shift();
    if (fault === 'network-before') throw new TypeError('Failed to fetch');
    if (fault === 'server-error') return json(503, { message: 'Service unavailable' });
    if (fault === 'rate-limited') return json(429, { message: 'Too many requests' }, retry(2));
    if (fault === 'token-expired') this.accessToken = `${this.accessToken}-expired`;
    if (fault === 'session-revoked') {
      this.accessToken = `${this.accessToken}-revoked`;
      this.refreshToken = `${this.refreshToken}-revoked`;
    }

    const headers = new Headers(init.headers);
    if (headers.get('Authorization') !== `Bearer ${this.accessToken}`) {
      return json(401, { message: 'Invalid or expired token' });
    }
    if (method === 'POST' && url.pathname === '/api/v1/batch') {
      // As the real server: each write as its own request, answered in its place.
      this.batches += 1;
      const { writes } = JSON.parse(body) as { writes: BatchWrite[] };
      const answers = writes.map((write, index) => {
        const [status, answer, extra] = this.write(
          write.method,
          `/api/v1${write.path}`,
          write.body === undefined ? '' : JSON.stringify(write.body),
          write.idempotency_key,
          index === 0 ? fault : undefined,
        );
        return { status, body: answer, ...(extra ? { retry_after: extra } : {}) };
      });
      if (fault === 'network-after') throw new TypeError('Failed to fetch');
      return json(200, { answers });
    }
    const key = headers.get('Idempotency-Key');
    if (!key) throw new Error(`A write without an Idempotency-Key: ${method} ${url.pathname}`);
    const [status, answer, retryAfter] = this.write(method, url.pathname, body, key, fault);
    if (fault === 'network-after') throw new TypeError('Failed to fetch');
    return json(status, answer, retryAfter ? retry(retryAfter) : {});
  };

  /** One write with its Idempotency-Key: its status, answer and Retry-After (in seconds). */
  private write(
    method: string,
    path: string,
    body: string,
    key: string,
    fault: Fault | undefined,
  ): [number, unknown, number?] {
    if (fault === 'still-running') {
      return [409, { message: 'A request with this Idempotency-Key is still being processed' }, 1];
    }
    const fingerprint = `${method} ${path}\n${body}`;
    const stored = this.answers.get(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) return [422, { message: 'Key reused' }];
      return [stored.status, stored.body];
    }
    const [status, answer] = this.apply(method, path, body ? JSON.parse(body) : null);
    if (status < 500) {
      this.answers.set(key, { fingerprint, status, body: answer });
      if (status < 400) this.effects.set(key, (this.effects.get(key) ?? 0) + 1);
    }
    return [status, answer];
  }

  private refresh(body: string): Response {
    const { refreshToken } = JSON.parse(body) as { refreshToken: string };
    if (refreshToken !== this.refreshToken) return json(401, { message: 'Invalid refresh token' });
    return json(200, this.signIn());
  }

  private apply(method: string, path: string, body: unknown): [number, unknown] {
    if (method === 'PUT' && path === '/api/v1/preferences/columns/products') {
      const { preferences } = body as { preferences: NonNullable<FakeSyncServer['columns']> };
      const fieldKeys = new Set([...this.fields.values()].map((field) => field.field_key));
      const unknown = preferences.find(
        (p) => !isOfferedColumn(p.column_key) && !fieldKeys.has(p.column_key),
      );
      if (unknown) return [400, { message: `Unknown column: ${unknown.column_key}` }];
      this.columns = preferences;
      return [200, columnPreferencesAnswer(preferences, [])];
    }
    if (method === 'PUT' && path === '/api/v1/preferences/inventory-settings') {
      this.settings = body as Record<string, unknown>;
      return [200, { ...this.settings, savedAt: new Date().toISOString() }];
    }
    const productPath = /^\/api\/v1\/catalogue\/products(?:\/(\d+))?(\/duplicate)?$/.exec(path);
    if (productPath) return this.applyProduct(method, productPath, body);
    if (method === 'POST' && path === '/api/v1/stocktakes') return this.startCount(body);
    const linesPath = /^\/api\/v1\/stocktakes\/([0-9a-f-]+)\/lines$/.exec(path);
    if (method === 'PUT' && linesPath) return this.countLines(linesPath[1] as string, body);
    if (method === 'POST' && path === '/api/v1/sales') return this.applySale(body);
    if (method === 'POST' && path === '/api/v1/sales/returns') return this.applyReturn(body);
    const movementPath = /^\/api\/v1\/stock\/products\/(\d+)\/movements$/.exec(path);
    if (method === 'POST' && movementPath) return this.applyMovement(Number(movementPath[1]), body);
    const fieldPath = /^\/api\/v1\/custom-fields\/definitions(?:\/(\d+))?$/.exec(path);
    if (!fieldPath) return [404, { message: 'Not found' }];
    const id = Number(fieldPath[1]);
    const definition = body as CustomFieldDefinitionBody;
    const taken = (except?: number) =>
      [...this.fields.values()].some(
        (field) => field.field_key === definition.field_key && field.id !== except,
      );
    if (method === 'POST') {
      if (taken()) return [409, { message: 'A custom field with this key already exists' }];
      const now = new Date().toISOString();
      const created = { ...definition, id: this.nextId++, created_at: now, updated_at: now };
      this.fields.set(created.id, created);
      return [201, created];
    }
    const existing = this.fields.get(id);
    if (!existing) return [404, { message: 'Custom field not found' }];
    if (method === 'DELETE') {
      this.fields.delete(id);
      this.columns =
        this.columns?.filter((column) => column.column_key !== existing.field_key) ?? null;
      return [204, null];
    }
    if (taken(id)) return [409, { message: 'A custom field with this key already exists' }];
    const updated = { ...existing, ...definition, updated_at: new Date().toISOString() };
    this.fields.set(id, updated);
    this.columns =
      this.columns?.map((column) =>
        column.column_key === existing.field_key
          ? { ...column, column_key: updated.field_key }
          : column,
      ) ?? null;
    return [200, updated];
  }

  /** A count started: it holds each product's line (one device here), the latest counted. */
  private startCount(body: unknown): [number, unknown] {
    const start = body as { id: string; name: string; scope: string; scan_mode: string };
    if (!this.stocktakes.has(start.id)) this.stocktakes.set(start.id, new Map());
    return [
      201,
      {
        stocktake: {
          ...start,
          category: null,
          search: null,
          status: 'open',
          started_at: new Date().toISOString(),
          started_by: null,
          closed_at: null,
          products: 0,
          counted: 0,
        },
      },
    ];
  }

  private countLines(id: string, body: unknown): [number, unknown] {
    const lines = this.stocktakes.get(id);
    if (!lines) return [404, { message: 'This count does not exist' }];
    const gone: number[] = [];
    let saved = 0;
    for (const line of (
      body as { lines: { product_id: number; quantity: number; counted_at: string }[] }
    ).lines) {
      if (!this.products.has(line.product_id)) {
        gone.push(line.product_id);
        continue;
      }
      const held = lines.get(line.product_id);
      if (!held || held.countedAt <= line.counted_at) {
        lines.set(line.product_id, { quantity: line.quantity, countedAt: line.counted_at });
      }
      saved += 1;
    }
    return [200, { saved, gone }];
  }

  /** A sale: stored once by its id, each product's stock moved by what it sold. */
  private applySale(body: unknown): [number, unknown] {
    const sale = body as {
      id: string;
      lines: { product_id: number; quantity: number }[];
      approval?: { sealed: string };
    };
    const sold = sale.lines.map((line) => this.products.get(line.product_id));
    if (!this.sales.has(sale.id)) {
      const missing = sale.lines.find((line) => !this.products.has(line.product_id));
      if (missing)
        return [422, { message: `Product ${missing.product_id} is not in this shop's catalogue` }];
      const approval = sale.approval && this.approvalVerdicts.get(sale.approval.sealed);
      this.sales.set(sale.id, {
        lines: sale.lines.map((line) => ({
          productId: line.product_id,
          quantity: line.quantity,
          returned: 0,
        })),
        ...(approval ? { approval } : {}),
      });
      sale.lines.forEach((line, index) => {
        const product = sold[index] as ServedProduct;
        product.values.stock_quantity = Number(product.values.stock_quantity ?? 0) - line.quantity;
        product.version += 1;
      });
    }
    const answer = {
      sale: { id: sale.id, approval: this.sales.get(sale.id)?.approval ?? null },
      products: sold.flatMap((p) => (p ? [productAnswer(p)] : [])),
    };
    return [201, answer];
  }

  /** A return: stored once, never more than sold less returned; stock back for what can be sold. */
  private applyReturn(body: unknown): [number, unknown] {
    const ret = body as {
      id: string;
      sale_id: string;
      lines: { line_no: number; quantity: number; resaleable: boolean }[];
    };
    const sale = this.sales.get(ret.sale_id);
    if (!sale) return [422, { message: 'That sale is not one of this shop’s' }];
    const moved: ServedProduct[] = [];
    if (!this.returns.has(ret.id)) {
      for (const line of ret.lines) {
        const sold = sale.lines[line.line_no - 1];
        if (!sold || sold.returned + line.quantity > sold.quantity) {
          return [422, { message: `Line ${line.line_no} has too few units left to return` }];
        }
      }
      this.returns.add(ret.id);
      for (const line of ret.lines) {
        const sold = sale.lines[line.line_no - 1] as (typeof sale.lines)[number];
        sold.returned += line.quantity;
        const product = this.products.get(sold.productId);
        if (!product || !line.resaleable) continue;
        product.values.stock_quantity = Number(product.values.stock_quantity ?? 0) + line.quantity;
        product.version += 1;
        moved.push(product);
      }
    }
    return [201, { return: { id: ret.id }, products: moved.map(productAnswer) }];
  }

  /** A stock movement: stored once by its id, the product's stock moved by it. */
  private applyMovement(id: number, body: unknown): [number, unknown] {
    const movement = body as { id: string; delta: number };
    const product = this.products.get(id);
    if (!product) return [404, { message: 'This product no longer exists' }];
    const stored = this.movements.get(movement.id);
    if (stored && (stored.productId !== id || stored.delta !== movement.delta)) {
      return [409, { message: 'This movement id was already used for another movement' }];
    }
    if (!stored) {
      this.movements.set(movement.id, { productId: id, delta: movement.delta });
      product.values.stock_quantity = Number(product.values.stock_quantity ?? 0) + movement.delta;
      product.version += 1;
    }
    return [stored ? 200 : 201, { movement, product: productAnswer(product) }];
  }

  /** Create, field-level edit merged by the shared rule, duplicate and delete of a product. */
  private applyProduct(method: string, path: RegExpExecArray, body: unknown): [number, unknown] {
    const create = (values: Record<string, unknown>) => {
      const product: ServedProduct = {
        id: this.nextId++,
        version: 1,
        values,
        changedAt: new Map(),
      };
      this.products.set(product.id, product);
      return [201, productAnswer(product)] as [number, unknown];
    };
    if (method === 'POST' && !path[1]) {
      return create({ ...(body as { fields: Record<string, unknown> }).fields });
    }
    const product = this.products.get(Number(path[1]));
    if (!product) return [404, { message: 'This product was deleted' }];
    if (method === 'POST' && path[2]) {
      const { changes } = body as { changes?: Record<string, unknown> };
      // A copy is a new product: no stock of its own yet.
      return create({
        ...product.values,
        name: `${String(product.values.name)} (Copy)`,
        stock_quantity: 0,
        ...changes,
      });
    }
    if (method === 'DELETE') {
      this.products.delete(product.id);
      // As the database's cascade: its count lines go with it.
      for (const lines of this.stocktakes.values()) lines.delete(product.id);
      return [204, null];
    }
    const patch = body as { base_version: number; changes: ProductChanges };
    const changedSince = new Set(
      [...product.changedAt].filter(([, at]) => at > patch.base_version).map(([key]) => key),
    );
    const conflicts = conflictingFields(patch.changes, changedSince, product.values);
    if (conflicts.length > 0) {
      return [
        409,
        {
          message: 'This product was changed on another device',
          conflicts,
          current: productAnswer(product),
        },
      ];
    }
    product.version += 1;
    for (const [key, value] of Object.entries(patch.changes)) {
      if (sameValue(product.values[key], value)) continue;
      product.values[key] = value;
      product.changedAt.set(key, product.version);
    }
    return [200, productAnswer(product)];
  }
}

const retry = (seconds: number) => ({ 'Retry-After': String(seconds) });
