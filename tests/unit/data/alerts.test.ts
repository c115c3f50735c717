import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import {
  alertsQuery,
  DISMISSAL_KEPT_MS,
  dismissAlert,
  restoreAlert,
  stillHides,
} from '#data/repositories/alerts.ts';
import { saveSession } from '#data/session.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import type { Alert } from '#domains/alerts/alert.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

let online = false;
/** What the server was sent, in order: 'PUT /alerts/dismissals/low-stock%3A7 null'. */
const sent: string[] = [];

beforeEach(async () => {
  online = false;
  sent.length = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  mockServer.use(
    http.all('*/api/v1/alerts/dismissals/:key', async ({ request }) => {
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      const body = request.method === 'PUT' ? ((await request.json()) as { until: unknown }) : null;
      sent.push(`${request.method} ${path}${body ? ` ${String(body.until)}` : ''}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

const low: Alert = {
  key: 'low-stock:7',
  kind: 'low-stock',
  title: 'Penfolds Bin 389 2021',
  detail: '4 units available',
  at: null,
  href: '/purchasing?tab=suggestions',
  action: 'Reorder',
};

describe('alerts dismissed and snoozed on the device', () => {
  it('hides a dismissal at once offline, and sends it once the connection is back', async () => {
    await dismissAlert(low, null);
    expect(await db.alertDismissals.get(low.key)).toEqual({ key: low.key, until: null });
    expect((await db.outbox.toArray()).map((entry) => [entry.method, entry.path])).toEqual([
      ['PUT', '/alerts/dismissals/low-stock%3A7'],
    ]);
    online = true;
    await requestReplay();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sent).toEqual(['PUT /alerts/dismissals/low-stock%3A7 null']);
    // The server has it: kept here a while (the answer this device keeps may still list it) ...
    const kept = await db.alertDismissals.get(low.key);
    expect(kept?.ackedAt).toBeTypeOf('number');
    mockServer.use(
      http.get('*/api/v1/alerts', () =>
        HttpResponse.json({ as_of: new Date().toISOString(), alerts: [], more: {} }),
      ),
    );
    await alertsQuery().queryFn();
    expect(await db.alertDismissals.get(low.key)).toBeDefined();
    // ... and forgotten by the first answer asked once that while is over.
    await db.alertDismissals.update(low.key, { ackedAt: Date.now() - DISMISSAL_KEPT_MS - 1 });
    await alertsQuery().queryFn();
    expect(await db.alertDismissals.get(low.key)).toBeUndefined();
  });

  it('keeps a dismissal the server does not have yet through a fresh answer', async () => {
    await dismissAlert(low, null);
    online = true;
    mockServer.use(
      http.get('*/api/v1/alerts', () =>
        HttpResponse.json({ as_of: new Date().toISOString(), alerts: [low], more: {} }),
      ),
    );
    // Answered before the write was sent: the alert is still in it, and hidden here.
    const answer = await alertsQuery().queryFn();
    expect(answer.alerts.map((each) => each.key)).toEqual([low.key]);
    expect(await db.alertDismissals.get(low.key)).toBeDefined();
  });

  it('takes back a dismissal not yet sent with Undo: one write goes, to show it again', async () => {
    await dismissAlert(low, '2026-12-01T09:00:00.000Z');
    await restoreAlert(low);
    expect(await db.alertDismissals.count()).toBe(0);
    expect((await db.outbox.toArray()).map((entry) => [entry.method, entry.path])).toEqual([
      ['DELETE', '/alerts/dismissals/low-stock%3A7'],
    ]);
  });

  it('lets a snooze kept here end on time, offline too', () => {
    const now = Date.parse('2026-11-30T09:00:00Z');
    expect(stillHides({ key: low.key, until: null }, now)).toBe(true);
    expect(stillHides({ key: low.key, until: '2026-11-30T10:00:00Z' }, now)).toBe(true);
    expect(stillHides({ key: low.key, until: '2026-11-30T08:00:00Z' }, now)).toBe(false);
  });
});
