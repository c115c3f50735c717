import Dexie from 'dexie';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, VintryDatabase } from '#data/db.ts';
import { saveColumnLayout } from '#data/repositories/column-preferences.ts';
import {
  createCustomField,
  deleteCustomField,
  updateCustomField,
} from '#data/repositories/custom-fields.ts';
import { saveInventorySettings } from '#data/repositories/inventory-settings.ts';
import { saveSession } from '#data/session.ts';
import { coalesce } from '#data/sync/coalesce.ts';
import { newEntry, queueWrite } from '#data/sync/outbox.ts';
import {
  backoffDelay,
  isReplayPaused,
  replayOnSync,
  requestReplay,
  resumeReplay,
  SERVER_ERRORS_BEFORE_SETTING_ASIDE,
} from '#data/sync/replayer.ts';
import { onSyncOutcome, type SyncOutcome } from '#data/sync/sync-events.ts';
import {
  defineWriteHandler,
  refusalNotice,
  registerWriteHandlers,
} from '#data/sync/write-handler.ts';
import type { CustomFieldDefinitionBody } from '#domains/custom-fields/definition.ts';
import {
  type ColumnPreference,
  columnPreferencesAnswer,
  defaultLayout,
  defaultPreferences,
} from '#domains/preferences/column-preferences.ts';
import { defaultInventorySettings } from '#domains/preferences/inventory-settings.ts';
import { defineWrite, type WriteRole } from '#shared/write-declaration.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

beforeEach(async () => {
  await requestReplay();
  await clearLocalData();
  resumeReplay();
  await requestReplay();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
});

const field = (key: string): CustomFieldDefinitionBody => ({
  entity_type: 'product',
  field_key: key,
  field_name: key,
  field_type: 'text',
  is_required: false,
  validation: { required: false },
});

const served = (id: number, body: CustomFieldDefinitionBody) => ({
  ...body,
  id,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
});

function collectOutcomes() {
  const outcomes: SyncOutcome[] = [];
  let stop = () => {};
  beforeEach(() => {
    outcomes.length = 0;
    stop = onSyncOutcome((outcome) => outcomes.push(outcome));
  });
  afterEach(() => stop());
  return outcomes;
}

describe('coalescing', () => {
  const write = (op: Parameters<typeof newEntry>[0]['op'], recordId?: string, body: unknown = {}) =>
    newEntry({
      resource: 'r',
      op,
      method: 'PUT',
      path: '/p',
      body,
      revert: `before-${op}`,
      ...(recordId ? { recordId } : {}),
    });

  it('keeps only the last whole-state save, with the first revert', () => {
    const first = write('columns.visibility');
    const second = write('columns.order');
    const result = coalesce([first], second);
    expect(result.remove).toEqual([first.id]);
    expect(result.add).toMatchObject({
      id: second.id,
      op: 'columns.order',
      revert: 'before-columns.visibility',
    });
  });

  it('does not touch an entry that was already tried', () => {
    const tried = { ...write('columns.visibility'), attempts: 1 };
    expect(coalesce([tried], write('columns.order')).remove).toEqual([]);
  });

  it("folds an update into the create of the same field, in the create's place", () => {
    const create = { ...write('custom-field.create', 'tmp-1', { field_name: 'a' }), seq: 7 };
    const result = coalesce([create], write('custom-field.update', 'tmp-1', { field_name: 'b' }));
    expect(result.remove).toEqual([]);
    expect(result.add).toMatchObject({
      seq: 7,
      op: 'custom-field.create',
      body: { field_name: 'b' },
    });
  });

  it('cancels a create followed by a delete', () => {
    const create = write('custom-field.create', 'tmp-1');
    expect(coalesce([create], write('custom-field.delete', 'tmp-1'))).toEqual({
      remove: [create.id],
      add: null,
    });
  });

  it('turns an update followed by a delete into the delete, restoring the original on refusal', () => {
    const update = write('custom-field.update', '7');
    const result = coalesce([update], write('custom-field.delete', '7'));
    expect(result.remove).toEqual([update.id]);
    expect(result.add).toMatchObject({
      op: 'custom-field.delete',
      revert: 'before-custom-field.update',
    });
  });

  it('leaves writes of other records alone', () => {
    const other = write('custom-field.update', '8');
    expect(coalesce([other], write('custom-field.delete', '7')).remove).toEqual([]);
  });

  describe('a kind of write registered by its handler alone', () => {
    // Field-level changes of a record, merged field by field; and movements, never merged.
    type Patch = Record<string, unknown>;
    const quiet = {
      acknowledge: async () => {},
      revert: async () => {},
      describe: () => 'test',
      failureNotice: () => ({ kind: 'warning' as const, text: 'test' }),
    };
    // Declared as a domain declares its writes: the handler takes its name and role from it.
    const declared = (op: string, role: WriteRole) =>
      defineWrite({ op, method: 'POST', route: '/t', access: 'signed-in', body: null, role });
    registerWriteHandlers([
      // A create's body has its own shape: it takes a later patch in by its own rule.
      defineWriteHandler<{ fields: Patch }, null>({
        declaration: declared('test.create', 'create'),
        absorbUpdate: (body, update) => ({ fields: { ...body.fields, ...(update as Patch) } }),
        ...quiet,
      }),
      defineWriteHandler<Patch, null>({
        declaration: declared('test.patch', 'update'),
        absorbUpdate: (body, update) => ({ ...body, ...(update as Patch) }),
        ...quiet,
      }),
      defineWriteHandler<{ delta: number }, null>({
        declaration: declared('test.move', 'append'),
        ...quiet,
      }),
      defineWriteHandler<{ source: number }, null>({
        declaration: declared('test.copy', 'create'),
        copiedFrom: (entry) => entry.body.source,
        ...quiet,
      }),
    ]);
    const entry = (op: string, body: unknown) =>
      newEntry({ resource: 't', op, method: 'POST', path: '/t', body, revert: null, recordId: 5 });

    it('merges its updates with its own rule', () => {
      const first = entry('test.patch', { price: 10 });
      const result = coalesce([first], entry('test.patch', { name: 'Shiraz' }));
      expect(result.remove).toEqual([first.id]);
      expect(result.add?.body).toEqual({ price: 10, name: 'Shiraz' });
    });

    it("folds its updates into its create by the create's rule", () => {
      const create = { ...entry('test.create', { fields: { name: 'A', price: 1 } }), seq: 3 };
      const result = coalesce([create], entry('test.patch', { price: 2 }));
      expect(result.add).toMatchObject({
        seq: 3,
        op: 'test.create',
        body: { fields: { name: 'A', price: 2 } },
      });
    });

    it('keeps writes of a record apart across a copy of it made in between', () => {
      const first = entry('test.patch', { price: 10 });
      const copy = { ...entry('test.copy', { source: first.recordId }), recordId: 6 };
      expect(coalesce([first, copy], entry('test.patch', { price: 12 }))).toMatchObject({
        remove: [],
        add: { body: { price: 12 } },
      });
    });

    it('merges across a create in between that copies another record, or none', () => {
      const first = entry('test.patch', { price: 10 });
      const other = { ...entry('test.copy', { source: 99 }), recordId: 6 };
      const created = { ...entry('test.create', { fields: {} }), recordId: 7 };
      expect(coalesce([first, other, created], entry('test.patch', { price: 12 }))).toMatchObject({
        remove: [first.id],
        add: { body: { price: 12 } },
      });
    });

    it('never merges appends', () => {
      const first = entry('test.move', { delta: 2 });
      expect(coalesce([first], entry('test.move', { delta: -1 }))).toMatchObject({
        remove: [],
        add: { body: { delta: -1 } },
      });
    });
  });
});

describe('repositories', () => {
  it('store the change and its outbox entry in one transaction', async () => {
    mockServer.use(http.put('*/api/v1/preferences/columns/products', () => HttpResponse.error()));
    await saveColumnLayout('products', defaultLayout([]), 'columns.visibility');
    const stored = await db.columnPreferences.get('products');
    const [entry] = await db.outbox.toArray();
    expect(stored?.saved.slice(0, 1)).toEqual([
      { column_key: 'product', is_visible: true, display_order: 0 },
    ]);
    expect(entry).toMatchObject({
      resource: 'column-preferences:products',
      op: 'columns.visibility',
      method: 'PUT',
      path: '/preferences/columns/products',
    });
    expect(entry?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('store neither when the transaction fails', async () => {
    await expect(
      db.transaction('rw', db.customFields, db.outbox, db.meta, async () => {
        await db.customFields.put({ ...served(1, field('a')) });
        await queueWrite({
          resource: 'x',
          op: 'custom-field.create',
          method: 'POST',
          path: '/p',
          body: {},
          revert: null,
        });
        throw new Error('the tab died');
      }),
    ).rejects.toThrow('the tab died');
    expect(await db.customFields.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sending the outbox', () => {
  const outcomes = collectOutcomes();

  it('sends with the Idempotency-Key, stores the answer and forgets the entry', async () => {
    const seen: (string | null)[] = [];
    mockServer.use(
      http.put('*/api/v1/preferences/columns/products', async ({ request }) => {
        seen.push(request.headers.get('idempotency-key'));
        const body = (await request.json()) as { preferences: ColumnPreference[] };
        return HttpResponse.json(columnPreferencesAnswer(body.preferences, []));
      }),
    );
    const entry = await saveColumnLayout('products', defaultLayout([]), 'columns.order');
    await requestReplay();
    expect(seen).toEqual([entry?.idempotencyKey]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.columnPreferences.get('products'))?.defaults).toHaveLength(
      defaultPreferences([]).length,
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['acknowledged']);
  });

  it('keeps the entry and backs off when the server cannot be reached', async () => {
    mockServer.use(http.post('*/api/v1/custom-fields/definitions', () => HttpResponse.error()));
    await createCustomField(field('bin'));
    const before = Date.now();
    await requestReplay();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', attempts: 1 });
    expect(entry?.nextAttemptAt).toBeGreaterThanOrEqual(before + 500);
    expect(await db.customFields.count()).toBe(1);
    expect(outcomes).toEqual([]);
  });

  it("waits for the server's Retry-After on 429", async () => {
    mockServer.use(
      http.post('*/api/v1/custom-fields/definitions', () =>
        HttpResponse.json(
          { message: 'slow down' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    await createCustomField(field('bin'));
    const before = Date.now();
    await requestReplay();
    const [entry] = await db.outbox.toArray();
    expect(entry?.nextAttemptAt).toBeGreaterThanOrEqual(before + 30_000);
  });

  it('grows the backoff exponentially with jitter, up to a cap', () => {
    expect(backoffDelay(1, null, () => 0)).toBe(500);
    expect(backoffDelay(1, null, () => 1)).toBe(1000);
    expect(backoffDelay(4, null, () => 1)).toBe(8000);
    expect(backoffDelay(30, null, () => 1)).toBe(60_000);
    expect(backoffDelay(1, 12, () => 1)).toBe(12_000);
  });

  it('reverts a refused change, keeps it for the user and reports it', async () => {
    mockServer.use(
      http.put('*/api/v1/custom-fields/definitions/:id', () =>
        HttpResponse.json(
          { message: 'A custom field with the key "bin" already exists' },
          { status: 409 },
        ),
      ),
    );
    await db.customFields.put(served(7, field('cellar')));
    await updateCustomField(7, field('bin'));
    expect((await db.customFields.get(7))?.field_key).toBe('bin');
    await requestReplay();
    expect((await db.customFields.get(7))?.field_key).toBe('cellar');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      state: 'needs-attention',
      failure: {
        reason: 'conflict',
        status: 409,
        message: 'A custom field with the key "bin" already exists',
      },
    });
    expect(outcomes).toMatchObject([{ kind: 'refused', status: 409 }]);
  });

  it('keeps an entry whose earlier attempt the server is still running, and asks again', async () => {
    mockServer.use(
      http.post('*/api/v1/custom-fields/definitions', () =>
        HttpResponse.json(
          { message: 'A request with this Idempotency-Key is still being processed' },
          { status: 409, headers: { 'Retry-After': '1' } },
        ),
      ),
    );
    await createCustomField(field('bin'));
    const before = Date.now();
    await requestReplay();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending' });
    expect(entry?.nextAttemptAt).toBeGreaterThanOrEqual(before + 1000);
    expect(outcomes).toEqual([]);
  });

  describe('a change the server fails on (5xx) again and again', () => {
    const failingField = () =>
      http.post('*/api/v1/custom-fields/definitions', () =>
        HttpResponse.json({ message: 'Internal server error' }, { status: 500 }),
      );
    /** Every waiting entry is due now, and the outbox is sent once more. */
    const tryAgain = async () => {
      await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
      await requestReplay();
    };
    const settingsSaved = () =>
      http.put('*/api/v1/preferences/inventory-settings', async ({ request }) =>
        HttpResponse.json({
          ...((await request.json()) as object),
          savedAt: new Date().toISOString(),
        }),
      );

    it('waits for the user once the server saved other writes meanwhile, and lets them go on', async () => {
      mockServer.use(failingField(), settingsSaved());
      await createCustomField(field('bin'));
      for (let attempt = 1; attempt <= SERVER_ERRORS_BEFORE_SETTING_ASIDE; attempt += 1) {
        // Another resource's write gets through between the field's attempts.
        await saveInventorySettings({
          ...defaultInventorySettings(),
          display: {
            ...defaultInventorySettings().display,
            itemsPerPage: attempt === 1 ? 25 : 100,
          },
        });
        await tryAgain();
      }
      const entries = await db.outbox.toArray();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        op: 'custom-field.create',
        state: 'needs-attention',
        failure: {
          reason: 'failing',
          status: 500,
          message: 'Internal server error',
          serverErrors: { count: SERVER_ERRORS_BEFORE_SETTING_ASIDE },
        },
      });
      // Undone here, like any change the server did not take.
      expect(await db.customFields.count()).toBe(0);
      expect(outcomes.filter((outcome) => outcome.kind === 'refused')).toHaveLength(1);
    });

    it('keeps trying by itself while the server fails on everything', async () => {
      mockServer.use(
        failingField(),
        http.put('*/api/v1/preferences/inventory-settings', () =>
          HttpResponse.json({ message: 'down' }, { status: 503 }),
        ),
      );
      await createCustomField(field('bin'));
      await saveInventorySettings(defaultInventorySettings());
      for (let attempt = 1; attempt <= SERVER_ERRORS_BEFORE_SETTING_ASIDE + 2; attempt += 1) {
        await tryAgain();
      }
      const entries = await db.outbox.toArray();
      expect(entries.map((entry) => [entry.state, entry.failure?.reason])).toEqual([
        ['pending', 'server'],
        ['pending', 'server'],
      ]);
      expect(outcomes).toEqual([]);
    });
  });

  it('gives a field created offline its server id, in the store and in later writes', async () => {
    mockServer.use(http.post('*/api/v1/custom-fields/definitions', () => HttpResponse.error()));
    const created = await createCustomField(field('bin'));
    await requestReplay();
    const temporaryId = created?.recordId as string;
    expect(temporaryId).toMatch(/^tmp-/);
    await deleteCustomField(temporaryId);
    // The create was tried, so the delete waits behind it instead of cancelling it.
    expect(await db.outbox.count()).toBe(2);

    const deleted: string[] = [];
    mockServer.use(
      http.post('*/api/v1/custom-fields/definitions', async ({ request }) =>
        HttpResponse.json(served(41, (await request.json()) as CustomFieldDefinitionBody), {
          status: 201,
        }),
      ),
      http.delete('*/api/v1/custom-fields/definitions/:id', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await requestReplay();
    expect(deleted).toEqual(['41']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customFields.count()).toBe(0);
  });

  it('cancels a create and a delete made before either was sent', async () => {
    const calls = vi.fn();
    mockServer.use(
      http.all('*/api/v1/custom-fields/*', () => {
        calls();
        return HttpResponse.error();
      }),
    );
    const created = await db.transaction('rw', db.customFields, db.outbox, db.meta, async () => {
      await db.customFields.put({ ...served(1, field('x')), id: 'tmp-a' });
      return queueWrite({
        resource: 'custom-fields:product',
        op: 'custom-field.create',
        method: 'POST',
        path: '/custom-fields/definitions',
        body: field('x'),
        revert: null,
        recordId: 'tmp-a',
      });
    });
    expect(created).not.toBeNull();
    await db.transaction('rw', db.customFields, db.outbox, db.meta, async () => {
      await db.customFields.delete('tmp-a');
      await queueWrite({
        resource: 'custom-fields:product',
        op: 'custom-field.delete',
        method: 'DELETE',
        path: '/custom-fields/definitions/tmp-a',
        body: null,
        revert: null,
        recordId: 'tmp-a',
      });
    });
    expect(await db.outbox.count()).toBe(0);
    await requestReplay();
    expect(calls).not.toHaveBeenCalled();
  });

  describe('column saves that name custom fields, made offline', () => {
    let online = true;
    beforeEach(() => {
      online = false;
      vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    });
    afterEach(async () => {
      await clearLocalData();
      vi.restoreAllMocks();
    });

    /** A server that, like ours, refuses a column it does not know. */
    function recordingServer() {
      const seen: string[] = [];
      const fields = new Set<string>();
      mockServer.use(
        http.post('*/api/v1/custom-fields/definitions', async ({ request }) => {
          const body = (await request.json()) as CustomFieldDefinitionBody;
          seen.push(`POST ${body.field_name}`);
          fields.add(body.field_key);
          return HttpResponse.json(served(41, body), { status: 201 });
        }),
        http.put('*/api/v1/preferences/columns/products', async ({ request }) => {
          const { preferences } = (await request.json()) as {
            preferences: { column_key: string; is_visible: boolean; display_order: number }[];
          };
          const keys = preferences.map((preference) => preference.column_key);
          seen.push(`PUT ${keys.filter((key) => key === 'bin').join()}`);
          if (keys.includes('bin') && !fields.has('bin')) {
            return HttpResponse.json({ message: 'Unknown column: bin' }, { status: 400 });
          }
          return HttpResponse.json(columnPreferencesAnswer(preferences, []));
        }),
      );
      return seen;
    }

    const layoutWithBin = () => {
      const layout = defaultLayout(['bin']);
      return { ...layout, visibility: { ...layout.visibility, bin: true } };
    };

    it('are not tried while the browser is offline, so they coalesce', async () => {
      const seen = recordingServer();
      const created = await createCustomField(field('bin'));
      await updateCustomField(created?.recordId as string, { ...field('bin'), field_name: 'Bin' });
      await requestReplay();
      expect(seen).toEqual([]);
      expect(await db.outbox.toArray()).toEqual([
        expect.objectContaining({ op: 'custom-field.create', attempts: 0 }),
      ]);
    });

    it("are sent on the worker's sync event even before its navigator.onLine catches up", async () => {
      const seen = recordingServer();
      await createCustomField(field('bin'));
      await replayOnSync();
      expect(seen).toEqual(['POST bin']);
      expect(await db.outbox.count()).toBe(0);
      // The hint lasts for that pass only.
      await createCustomField(field('cellar'));
      await requestReplay();
      expect(seen).toEqual(['POST bin']);
    });

    it('go after the create of the field they show, even when it was edited since', async () => {
      const seen = recordingServer();
      const created = await createCustomField(field('bin'));
      await saveColumnLayout('products', layoutWithBin(), 'columns.visibility');
      await updateCustomField(created?.recordId as string, { ...field('bin'), field_name: 'Bin' });

      online = true;
      await requestReplay();
      expect(seen).toEqual(['POST Bin', 'PUT bin']);
      expect(await db.outbox.count()).toBe(0);
    });

    it('lose the column of a field deleted before it was sent', async () => {
      const seen = recordingServer();
      const created = await createCustomField(field('bin'));
      await saveColumnLayout('products', layoutWithBin(), 'columns.visibility');
      await deleteCustomField(created?.recordId as string);
      const saved = (await db.columnPreferences.get('products'))?.saved ?? [];
      expect(saved.map((preference) => preference.column_key)).not.toContain('bin');

      online = true;
      await requestReplay();
      expect(seen).toEqual(['PUT ']);
      expect(await db.outbox.count()).toBe(0);
    });

    it('leave out the columns of fields that are gone', async () => {
      const seen = recordingServer();
      await saveColumnLayout('products', layoutWithBin(), 'columns.visibility');
      online = true;
      await requestReplay();
      expect(seen).toEqual(['PUT ']);
    });
  });

  it('pauses, keeping every entry, when the session cannot be refreshed', async () => {
    mockServer.use(
      http.put(
        '*/api/v1/preferences/inventory-settings',
        () => new HttpResponse(null, { status: 401 }),
      ),
      http.post('*/api/v1/auth/refresh', () => new HttpResponse(null, { status: 401 })),
    );
    await saveInventorySettings(defaultInventorySettings());
    await requestReplay();
    expect(isReplayPaused()).toBe(true);
    expect(await db.outbox.toArray()).toMatchObject([
      { state: 'pending', op: 'inventory-settings.save', failure: { reason: 'session-expired' } },
    ]);
  });

  it('never replays an entry of another format blind', async () => {
    await db.outbox.add({
      ...newEntry({
        resource: 'r',
        op: 'columns.order',
        method: 'PUT',
        path: '/preferences/columns/products',
        body: {},
        revert: [],
      }),
      schemaVersion: 99,
    });
    await requestReplay();
    expect(await db.outbox.toArray()).toMatchObject([
      { state: 'needs-attention', failure: { reason: 'outdated' } },
    ]);
  });

  it('sets aside an entry of a kind this version has no handler for', async () => {
    const calls = vi.fn();
    mockServer.use(http.all('*/api/v1/*', () => calls()));
    await db.outbox.add(
      newEntry({
        resource: 'r',
        op: 'stock.teleport',
        method: 'POST',
        path: '/x',
        body: {},
        revert: null,
      }),
    );
    await requestReplay();
    expect(calls).not.toHaveBeenCalled();
    expect(await db.outbox.toArray()).toMatchObject([
      { state: 'needs-attention', failure: { reason: 'outdated', status: null } },
    ]);
  });

  it("does not let a column save's answer bring back the column of a field deleted after it", async () => {
    // The field exists on the server; the user shows its column, then deletes the field while
    // the column save is on its way.
    await db.customFields.put(served(7, field('cellar')));
    let answerSave: () => void = () => {};
    const saveArrived = new Promise<void>((arrived) => {
      mockServer.use(
        http.put('*/api/v1/preferences/columns/products', async ({ request }) => {
          arrived();
          const body = (await request.json()) as { preferences: ColumnPreference[] };
          await new Promise<void>((resolve) => {
            answerSave = resolve;
          });
          return HttpResponse.json(columnPreferencesAnswer(body.preferences, ['cellar']));
        }),
        http.delete(
          '*/api/v1/custom-fields/definitions/7',
          () => new HttpResponse(null, { status: 204 }),
        ),
      );
    });
    const layout = defaultLayout(['cellar']);
    await saveColumnLayout(
      'products',
      { ...layout, visibility: { ...layout.visibility, cellar: true } },
      'columns.visibility',
    );
    const replay = requestReplay();
    await saveArrived;
    await deleteCustomField(7);
    answerSave();
    await replay;
    await requestReplay();
    expect(await db.outbox.count()).toBe(0);
    const saved = (await db.columnPreferences.get('products'))?.saved ?? [];
    expect(saved.map((preference) => preference.column_key)).not.toContain('cellar');
  });
});

describe('why an entry is held', () => {
  const outcomes = collectOutcomes();

  it.each([
    [
      'the server cannot be reached',
      () => HttpResponse.error(),
      { reason: 'network', status: null },
    ],
    [
      'the server fails',
      () => HttpResponse.json({ message: 'down' }, { status: 503 }),
      { reason: 'server', status: 503, message: 'down' },
    ],
    [
      'the server asks to slow down',
      () => HttpResponse.json({ message: 'slow' }, { status: 429 }),
      { reason: 'rate-limited', status: 429 },
    ],
    [
      'an earlier attempt is still running',
      () =>
        HttpResponse.json({ message: 'busy' }, { status: 409, headers: { 'Retry-After': '1' } }),
      { reason: 'server', status: 409 },
    ],
  ] as const)('retries when %s, with the reason', async (_what, answer, failure) => {
    mockServer.use(http.put('*/api/v1/preferences/inventory-settings', answer));
    await saveInventorySettings(defaultInventorySettings());
    await requestReplay();
    expect(await db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 1, failure }]);
    expect(outcomes).toEqual([]);
  });

  it.each([
    [400, 'refused'],
    [403, 'refused'],
    [404, 'refused'],
    [422, 'refused'],
    [409, 'conflict'],
  ] as const)(
    'waits for the user after a %i, as %s, with the server message',
    async (status, reason) => {
      mockServer.use(
        http.put('*/api/v1/preferences/inventory-settings', () =>
          HttpResponse.json({ message: `no (${status})` }, { status }),
        ),
      );
      await saveInventorySettings(defaultInventorySettings());
      await requestReplay();
      expect(await db.outbox.toArray()).toMatchObject([
        { state: 'needs-attention', failure: { reason, status, message: `no (${status})` } },
      ]);
      expect(outcomes).toMatchObject([{ kind: 'refused', status }]);
    },
  );
});

describe('entries stored by the previous format', () => {
  it('are upgraded when the database opens: a status and a text become a reason', async () => {
    const name = `vintry-upgrade-${crypto.randomUUID()}`;
    const before = new Dexie(name);
    before.version(1).stores({ outbox: '++seq, &id, resource, state' });
    const base = {
      resource: 'custom-fields:product',
      method: 'PUT',
      path: '/custom-fields/definitions/7',
      body: null,
      idempotencyKey: 'k',
      createdAt: 1,
      nextAttemptAt: 0,
      schemaVersion: 1,
      revert: null,
    };
    await before.table('outbox').bulkAdd([
      {
        ...base,
        id: 'a',
        op: 'custom-field.update',
        attempts: 1,
        state: 'needs-attention',
        lastStatus: 409,
        lastError: 'Key taken',
      },
      {
        ...base,
        id: 'b',
        op: 'custom-field.update',
        attempts: 1,
        state: 'needs-attention',
        lastStatus: 0,
        lastError: 'old',
      },
      {
        ...base,
        id: 'c',
        op: 'custom-field.update',
        attempts: 2,
        state: 'pending',
        lastStatus: null,
        lastError: 'Failed to fetch',
      },
      {
        ...base,
        id: 'd',
        op: 'custom-field.update',
        attempts: 0,
        state: 'pending',
        lastStatus: null,
        lastError: null,
      },
    ]);
    before.close();

    const after = new VintryDatabase(name);
    const entries = await after.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.id, entry.schemaVersion, entry.failure])).toEqual([
      ['a', 2, { reason: 'conflict', status: 409, message: 'Key taken' }],
      ['b', 2, { reason: 'outdated', status: null, message: 'old' }],
      ['c', 2, { reason: 'network', status: null, message: null }],
      ['d', 2, null],
    ]);
    expect(entries[0]).not.toHaveProperty('lastStatus');
    after.close();
    await Dexie.delete(name);
  });
});

describe('what the user is told', () => {
  const entry = (op: Parameters<typeof newEntry>[0]['op']) =>
    newEntry({ resource: 'r', op, method: 'PUT', path: '/p', body: null, revert: null });

  it.each([
    [
      'columns.visibility',
      401,
      { kind: 'alert', text: 'Authentication failed. Please log in again.' },
    ],
    [
      'columns.order',
      400,
      { kind: 'alert', text: 'Invalid request format. The column order could not be saved.' },
    ],
    [
      'columns.reset-order',
      400,
      {
        kind: 'alert',
        text: 'Invalid request format. The default column order could not be saved.',
      },
    ],
    ['columns.reset', 400, { kind: 'alert', text: 'Error resetting settings. Please try again.' }],
    [
      'custom-field.create',
      409,
      { kind: 'alert', text: 'Failed to save custom field. Please try again.' },
    ],
    [
      'custom-field.delete',
      404,
      { kind: 'alert', text: 'Failed to delete custom field. Please try again.' },
    ],
  ] as const)('%s %i', (op, status, notice) => {
    expect(refusalNotice(entry(op), { status, body: { message: 'x' } })).toEqual(notice);
  });

  it('only logs a warning for other visibility failures', () => {
    expect(
      refusalNotice(entry('columns.visibility'), { status: 400, body: { message: 'bad' } }).kind,
    ).toBe('warning');
  });

  it("shows a refused custom field's validation messages", () => {
    expect(
      refusalNotice(entry('custom-field.update'), {
        status: 400,
        body: { message: 'Invalid custom field data: Field name is required' },
      }),
    ).toEqual({ kind: 'alert', text: 'Invalid custom field data: Field name is required' });
  });
});
