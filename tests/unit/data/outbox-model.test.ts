import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { saveColumnLayout } from '#data/repositories/column-preferences.ts';
import {
  createCustomField,
  deleteCustomField,
  localDefinitions,
  updateCustomField,
} from '#data/repositories/custom-fields.ts';
import { saveInventorySettings } from '#data/repositories/inventory-settings.ts';
import { isReplayPaused, requestReplay, resumeReplay, stopReplay } from '#data/sync/replayer.ts';
import { installTokenStore, type Tokens } from '#data/token-store.ts';
import type { CustomFieldDefinitionBody } from '#shared/custom-fields/definition.ts';
import { isOfferedColumn } from '#shared/inventory/columns.ts';
import {
  type ColumnLayout,
  type ColumnPreference,
  defaultLayout,
  layoutToPreferences,
} from '#shared/preferences/column-preferences.ts';
import {
  defaultInventorySettings,
  type InventorySettings,
} from '#shared/preferences/inventory-settings.ts';
import { FakeSyncServer, type Fault } from '../helpers/fake-sync-server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

/**
 * Model-based property test of the outbox (ARCHITECTURE.md section 4). fast-check plays random
 * sequences of user changes, replays, restarts, sign-ins, the browser going offline and online
 * (offline, nothing is tried, so writes coalesce) and injected network faults (lost
 * requests, lost answers, 5xx, 429, expired access token, revoked session, 409 still running)
 * against an in-memory server. Once the network heals, whatever happened: the server holds what
 * the user chose last, no write took effect twice, the outbox is empty and the local copy agrees
 * with the server.
 */

const RUNS = 1000;
// A failure prints its seed; SEED=<seed> replays it.
const SEED = process.env.SEED ? Number(process.env.SEED) : undefined;
const FIELD_KEYS = ['bin', 'vintage_note', 'cellar', 'closure'] as const;
// Built-in columns, and columns of custom fields the user may create and delete meanwhile.
const COLUMN_KEYS = ['sku', 'producer', 'country', 'stock', 'bin', 'cellar'] as const;
const FAULTS: Fault[] = [
  'network-before',
  'network-after',
  'server-error',
  'rate-limited',
  'token-expired',
  'session-revoked',
  'still-running',
];

interface Model {
  /** The column preferences as the server should end up holding them. */
  columns: ColumnPreference[] | null;
  settings: InventorySettings | null;
  /** field_key → field_name of the fields the user has. */
  fields: Map<string, string>;
}

interface Real {
  server: FakeSyncServer;
  tokens: Tokens;
}

type Command = fc.AsyncCommand<Model, Real>;

const body = (key: string, name: string): CustomFieldDefinitionBody => ({
  entity_type: 'product',
  field_key: key,
  field_name: name,
  field_type: 'text',
  is_required: false,
  validation: { required: false },
});

async function localField(key: string) {
  const found = (await localDefinitions('product')).find((field) => field.field_key === key);
  if (!found) throw new Error(`The field ${key} is missing locally`);
  return found;
}

function layoutOf(columns: readonly ColumnPreference[]): ColumnLayout {
  return {
    order: [...columns].sort((a, b) => a.display_order - b.display_order).map((c) => c.column_key),
    visibility: Object.fromEntries(columns.map((c) => [c.column_key, c.is_visible])),
  };
}

/** Later tries wait for their backoff; the clock jumps past it. */
function passTime() {
  vi.setSystemTime(Date.now() + 5 * 60_000);
}

class SetColumn implements Command {
  constructor(
    readonly key: string,
    readonly visible: boolean,
    readonly moveToFront: boolean,
  ) {}
  check = () => true;
  async run(model: Model) {
    const current = model.columns ? layoutOf(model.columns) : defaultLayout([]);
    const order = this.moveToFront
      ? ['product', this.key, ...current.order.filter((k) => k !== 'product' && k !== this.key)]
      : current.order;
    const layout = { order, visibility: { ...current.visibility, [this.key]: this.visible } };
    await saveColumnLayout('products', layout, 'columns.visibility');
    // A column of a field the user does not have (any more) is not saved.
    const exists = (key: string) => isOfferedColumn(key) || model.fields.has(key);
    model.columns = layoutToPreferences({ ...layout, order: order.filter(exists) });
  }
  toString = () => `SetColumn(${this.key}, ${this.visible}, ${this.moveToFront})`;
}

class SaveSettings implements Command {
  constructor(readonly itemsPerPage: 25 | 50 | 100 | 200) {}
  check = () => true;
  async run(model: Model) {
    const defaults = defaultInventorySettings();
    const settings = {
      ...defaults,
      display: { ...defaults.display, itemsPerPage: this.itemsPerPage },
    };
    model.settings = settings;
    await saveInventorySettings(settings);
  }
  toString = () => `SaveSettings(${this.itemsPerPage})`;
}

class CreateField implements Command {
  constructor(readonly key: string) {}
  check = (model: Readonly<Model>) => !model.fields.has(this.key);
  async run(model: Model) {
    model.fields.set(this.key, this.key);
    await createCustomField(body(this.key, this.key));
  }
  toString = () => `CreateField(${this.key})`;
}

class RenameField implements Command {
  constructor(
    readonly key: string,
    readonly name: string,
  ) {}
  check = (model: Readonly<Model>) => model.fields.has(this.key);
  async run(model: Model) {
    model.fields.set(this.key, this.name);
    await updateCustomField((await localField(this.key)).id, body(this.key, this.name));
  }
  toString = () => `RenameField(${this.key}, ${this.name})`;
}

class DeleteField implements Command {
  constructor(readonly key: string) {}
  check = (model: Readonly<Model>) => model.fields.has(this.key);
  async run(model: Model) {
    model.fields.delete(this.key);
    // Its column goes with it.
    model.columns = model.columns?.filter((column) => column.column_key !== this.key) ?? null;
    await deleteCustomField((await localField(this.key)).id);
  }
  toString = () => `DeleteField(${this.key})`;
}

class Inject implements Command {
  constructor(readonly fault: Fault) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    real.server.inject(this.fault);
  }
  toString = () => `Inject(${this.fault})`;
}

/** The browser says it is offline (nothing is tried) or online again (the replay starts). */
class SetOnline implements Command {
  constructor(readonly online: boolean) {}
  check = () => true;
  async run() {
    setOnline(this.online);
    if (this.online) await requestReplay();
  }
  toString = () => (this.online ? 'Online' : 'Offline');
}

let browserOnline = true;
function setOnline(online: boolean) {
  browserOnline = online;
}

class Replay implements Command {
  check = () => true;
  async run() {
    passTime();
    await requestReplay();
  }
  toString = () => 'Replay';
}

/** The page closes and opens again: what was in memory is gone, Dexie's data stays. */
class Restart implements Command {
  check = () => true;
  async run() {
    await requestReplay();
    stopReplay();
    db.close();
    await db.open();
  }
  toString = () => 'Restart';
}

class SignIn implements Command {
  check = () => true;
  async run(_model: Model, real: Real) {
    Object.assign(real.tokens, real.server.signIn());
    resumeReplay();
    await requestReplay();
  }
  toString = () => 'SignIn';
}

const fieldKey = fc.constantFrom(...FIELD_KEYS);
const commands = fc.commands(
  [
    fc
      .tuple(fc.constantFrom(...COLUMN_KEYS), fc.boolean(), fc.boolean())
      .map(([key, visible, front]) => new SetColumn(key, visible, front)),
    fc.constantFrom(25, 50, 100, 200).map((n) => new SaveSettings(n)),
    fieldKey.map((key) => new CreateField(key)),
    fc
      .tuple(fieldKey, fc.constantFrom('Bin', 'Bin location', 'Shelf'))
      .map(([key, name]) => new RenameField(key, name)),
    fieldKey.map((key) => new DeleteField(key)),
    fc.constantFrom(...FAULTS).map((fault) => new Inject(fault)),
    fc.constant(new Replay()),
    fc.constant(new Restart()),
    fc.constant(new SignIn()),
    fc.boolean().map((online) => new SetOnline(online)),
  ],
  { maxCommands: 25 },
);

/** The network is back and the user signs in when asked: the queue drains. */
async function heal(real: Real) {
  real.server.clearFaults();
  setOnline(true);
  for (let round = 0; round < 20 && (await db.outbox.count()) > 0; round += 1) {
    if (isReplayPaused() || real.tokens.accessToken === null)
      await new SignIn().run({} as Model, real);
    passTime();
    await requestReplay();
  }
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
});

it(
  'delivers what the user chose last, each write once, through any faults and restarts',
  async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const server = new FakeSyncServer();
        const real: Real = { server, tokens: { ...server.signIn() } };
        vi.stubGlobal('fetch', server.fetch);
        installTokenStore({
          current: async () => ({ ...real.tokens }),
          latest: async () => ({ ...real.tokens }),
          renewed: async (accessToken, refreshToken) => {
            real.tokens.accessToken = accessToken;
            if (refreshToken) real.tokens.refreshToken = refreshToken;
          },
          ended: async () => {
            real.tokens.accessToken = null;
            real.tokens.refreshToken = null;
          },
        });
        stopReplay();
        setOnline(true);
        await clearLocalData();
        const model: Model = { columns: null, settings: null, fields: new Map() };

        await fc.asyncModelRun(() => ({ model, real }), sequence);
        await heal(real);

        expect(await db.outbox.toArray()).toEqual([]);
        expect(server.columns).toEqual(model.columns);
        expect(server.settings).toEqual(model.settings);
        const onServer = [...server.fields.values()];
        expect(new Map(onServer.map((field) => [field.field_key, field.field_name]))).toEqual(
          model.fields,
        );
        expect(Math.max(0, ...server.effects.values())).toBeLessThanOrEqual(1);

        const local = await localDefinitions('product');
        expect(local.map((field) => [field.id, field.field_key, field.field_name]).sort()).toEqual(
          onServer.map((field) => [field.id, field.field_key, field.field_name]).sort(),
        );
        if (model.columns) {
          expect((await db.columnPreferences.get('products'))?.saved).toEqual(model.columns);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  },
  10 * 60_000,
);
