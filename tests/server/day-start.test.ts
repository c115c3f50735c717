import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '#server/db/table-rows.ts';
import { dayStartIn } from '#shared/moments.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The reports bound a period by the moments its days begin in the shop's zone, worked out
 * before the query (shared/moments.ts dayStartIn); the database reads a local midnight its own
 * way. Every day of a year in zones whose clocks jump: across the jump, at midnight itself
 * (Santiago, Havana: the midnight skipped or passed twice), by half an hour (Lord Howe), and
 * with offsets of hours and minutes.
 */
const ZONES = [
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Europe/London',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'UTC',
];

describe('the moment a day begins in a zone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('is the moment the database reads for that day’s midnight there', async () => {
    for (const zone of ZONES) {
      const days = resultRows<{ day: string; start: string }>(
        await server.db.execute(sql`
          select d::date::text as day,
            to_char(d::date::timestamp at time zone ${zone} at time zone 'UTC',
              'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as start
          from generate_series('2026-01-01'::date, '2027-01-01'::date, '1 day') d`),
      );
      expect(days).toHaveLength(366);
      const ours = days.map(({ day }) => ({ day, start: dayStartIn(day, zone).toISOString() }));
      expect(ours, zone).toEqual(days);
    }
  });
});
