import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRules } from '#server/app.ts';
import { createTestServer, type JsonResponse, type TestServer } from './helpers/test-server.ts';
import { methodOf, SAMPLES, sendWrite, setUpWriteSamples } from './helpers/write-samples.ts';

/**
 * Hostile input against every write route: each valid sample body below with one of its values
 * replaced by something no column may hold (text with NUL or an unpaired surrogate, 100,000
 * characters, numbers beyond 32 bits or beyond any price, the wrong type, nesting 3,000 deep),
 * whole bodies that are not what the route reads, and path segments that cannot be ids. Every
 * answer must be a refusal (4xx) with a JSON `{message}`, never a 5xx; and no text marked
 * HOSTILE may reach any table. The same samples, sent unchanged afterwards, must still be
 * accepted: the refusals were the hostile values', not the samples'. CI runs this file on
 * PGlite and on PostgreSQL.
 */
const MARK = 'HOSTILE';
const HOSTILE_TEXT = [
  `${MARK} nul\u0000here`,
  `${MARK} high\uD800alone`,
  `${MARK} low\uDC00alone`,
  `${MARK}${'x'.repeat(100_000)}`,
];
const HOSTILE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308];

function deeplyNested(depth: number): unknown {
  let value: unknown = MARK;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** Values that must be refused where the sample holds a value of `sample`'s type. */
function hostileFor(sample: unknown, money: boolean): unknown[] {
  const wrongShapes = [{ [MARK]: MARK }, [MARK], deeplyNested(3_000)];
  if (typeof sample === 'string') return [...HOSTILE_TEXT, ...wrongShapes, true];
  if (typeof sample === 'number') {
    const numbers = money ? HOSTILE_NUMBERS.filter((n) => n !== 2 ** 31) : HOSTILE_NUMBERS;
    return [...numbers, ...HOSTILE_TEXT, ...wrongShapes];
  }
  if (typeof sample === 'boolean') return [...HOSTILE_TEXT, 12_345, ...wrongShapes];
  return [...HOSTILE_TEXT, ...HOSTILE_NUMBERS, true, deeplyNested(3_000)];
}

type Path = (string | number)[];

/** Every place in a sample body a value can be replaced, objects and arrays included. */
function placesIn(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [[...at, index], ...placesIn(item, [...at, index])]);
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...at, key],
      ...placesIn(item, [...at, key]),
    ]);
  }
  return [];
}

function replaced(body: unknown, path: Path, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(body)) {
    return body.map((item, index) => (index === head ? replaced(item, rest, value) : item));
  }
  const record = body as Record<string, unknown>;
  return { ...record, [head]: replaced(record[head], rest, value) };
}

function valueAt(body: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body);
}

let server: TestServer;
let token: string;

const HOSTILE_SEGMENTS = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '%00',
  '%ED%A0%80',
  'x'.repeat(5_000),
  '..',
];

/**
 * A refusal as every route must give one: 4xx with a JSON {message}. A batch answers 200 with
 * each write's own answer: a write in it is refused as it would be alone.
 */
function expectRefusal(response: JsonResponse, what: string) {
  const batch = response.body as { answers?: { status: number; body: unknown }[] };
  const answer =
    response.status === 200 && batch.answers?.[0]
      ? {
          ...response,
          ...batch.answers[0],
          headers: new Headers({ 'content-type': 'application/json' }),
        }
      : response;
  expect.soft(answer.status, what).toBeGreaterThanOrEqual(400);
  expect.soft(answer.status, what).toBeLessThan(500);
  expect.soft(answer.headers.get('content-type') ?? '', what).toContain('application/json');
  expect.soft(typeof (answer.body as { message?: unknown }).message, what).toBe('string');
}

const send = (method: string, path: string, body: unknown) =>
  sendWrite(server, token, method, path, body);

beforeAll(async () => {
  server = await createTestServer();
  token = await setUpWriteSamples(server);
});
afterAll(() => server.close());

describe('hostile input on every write route', () => {
  it('has a sample for every write route of the API', () => {
    const writes = [...routeRules(server.app).keys()].filter((route) => !route.startsWith('GET '));
    expect(writes.filter((route) => !SAMPLES.some((sample) => sample.route === route))).toEqual([]);
  });

  // One test a route: each has its own time, and a failure names its route.
  it.each(SAMPLES.filter((sample) => sample.body).map((sample) => [sample.route, sample] as const))(
    'refuses a hostile value in each place of the body of %s with 4xx {message}',
    async (_route, sample) => {
      const body = sample.body?.();
      for (const place of placesIn(body)) {
        if (sample.anyValueAt?.includes(place.join('.'))) continue;
        const money = sample.moneyAt?.includes(place.join('.')) ?? false;
        for (const hostile of hostileFor(valueAt(body, place), money)) {
          const answer = await send(
            methodOf(sample.route),
            sample.path(),
            replaced(body, place, hostile),
          );
          expectRefusal(
            answer,
            `${sample.route} with ${place.join('.')} = ${JSON.stringify(hostile).slice(0, 40)}`,
          );
        }
      }
    },
  );

  it('refuses bodies that are not what a route reads, generated', async () => {
    // Routes that read a body (resend and cancel read none).
    const routes = SAMPLES.filter((sample) => Object.keys(sample.body?.() ?? {}).length > 0);
    const notTheBody = fc.oneof(
      fc.constantFrom(...HOSTILE_TEXT, ...HOSTILE_NUMBERS, null, true, [], deeplyNested(3_000)),
      fc
        .string({ unit: 'binary', minLength: 1, maxLength: 40 })
        .map((text) => `${MARK}${text}\u0000`),
      fc.array(fc.constantFrom(...HOSTILE_TEXT), { minLength: 1, maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), notTheBody, async (sample, body) => {
        const answer = await send(methodOf(sample.route), sample.path(), body);
        expectRefusal(answer, `${sample.route} with ${JSON.stringify(body).slice(0, 60)}`);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses path segments that cannot be ids with 4xx {message}', async () => {
    for (const sample of SAMPLES.filter((item) => item.route.includes(':id'))) {
      for (const segment of HOSTILE_SEGMENTS) {
        const path = sample.route.split(' ')[1]?.replace(':id', segment) ?? '';
        const answer = await send(methodOf(sample.route), path, sample.body?.());
        expectRefusal(answer, `${sample.route} at ${segment.slice(0, 20)}`);
      }
    }
  });

  it('stored nothing hostile, and still accepts each sample as it is', async () => {
    // Both drivers answer {rows}; the shared type does not say so.
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const tables = rows<{ table_name: string }>(
      await server.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public'
          and table_type = 'BASE TABLE'`,
      ),
    );
    for (const { table_name: table } of tables) {
      // Refusals are kept as the answers of their Idempotency-Keys, and may quote what they refuse.
      const notARefusal = table === 'idempotency_keys' ? sql`and t.response_status < 400` : sql``;
      const [found] = rows<{ count: number }>(
        await server.db.execute(
          sql`select count(*)::int as count from ${sql.identifier(table)} as t
            where t::text like ${`%${MARK}%`} ${notARefusal}`,
        ),
      );
      expect(found?.count, table).toBe(0);
    }
    for (const sample of SAMPLES) {
      if (sample.acceptedAfter === false) continue;
      const answer = await send(methodOf(sample.route), sample.path(), sample.body?.());
      expect(answer.status, `${sample.route}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
  });
});
