import Dexie, { type Table } from 'dexie';
import type { CustomFieldDefinition } from '#domains/custom-fields/definition.ts';
import type { CustomerOrder } from '#domains/customer-orders/customer-order.ts';
import type { AccountEntry } from '#domains/customers/account.ts';
import type { Customer } from '#domains/customers/customer.ts';
import type { CalendarEvent } from '#domains/events/event.ts';
import type { ColumnPreference } from '#domains/preferences/column-preferences.ts';
import type { InventorySettings } from '#domains/preferences/inventory-settings.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import type { Order } from '#domains/purchasing/purchase-order.ts';
import type { Delivery } from '#domains/purchasing/receiving.ts';
import type { Supplier } from '#domains/purchasing/supplier.ts';
import type { PaymentSettingsAnswer } from '#domains/sales/payment-settings.ts';
import type { SoldSale } from '#domains/sales/returns.ts';
import type { ShiftLedger } from '#domains/sales/shifts.ts';
import type { StocktakeSummary } from '#domains/stocktakes/stocktake.ts';
import { byBucket, type CustomerBucket } from './customer-buckets.ts';
import { CATALOGUE_STORES, DATABASE_NAME } from './db-name.ts';
import type { KeptBasket } from './repositories/open-basket.ts';
import type { ParkedSale } from './repositories/parked-sales.ts';
import type { MirroredSession } from './session-mirror.ts';
import { type OutboxEntry, upgradeEntry } from './sync/outbox-entry.ts';

/**
 * The local copy of the server's data, in IndexedDB database 'vintry' (shared by the page and
 * the service worker):
 * - catalogueChunks: the catalogue as the screens use it (mapped inventory items), in order, a
 *   thousand items per record when downloaded (changes since may grow or shrink one), indexed by
 *   the ids they hold. Tens of thousands of products read and write in a few dozen
 *   records instead of one each, which is what keeps a cold start quick.
 * - catalogueEdits: products as the server last answered them, each replacing the copy a record
 *   holds (catalogue-store.ts): an acknowledged edit writes one small record here instead of
 *   rewriting the record of 200 products that holds it. Folded into the records when the outbox
 *   is empty and they grow many.
 * - meta: bookkeeping by key — for 'catalogue', when it was fetched and its ETag; for 'owner',
 *   whose data this is, so that another user on a shared tablet never sees it; 'loaded:…' for
 *   a resource loaded at least once here.
 * - columnPreferences: per table, the user's saved preferences (with any unsent change applied)
 *   and the server defaults.
 * - customFields: the business's custom field definitions, by id; a field created offline has
 *   a temporary id (sync/temporary-ids.ts) until the server gives it one.
 * - inventorySettings: the user's inventory settings, under the key 'inventory'.
 * - outbox: writes not yet acknowledged by the server, in the order they were made (seq).
 *   Written in the same transaction as the change they carry, with strict durability, so a
 *   change is never shown without also being queued.
 * - session: the mirror of the signed-in session for the service worker (session-mirror.ts).
 * - parkedChanges: per user, the unsent changes of a user who is no longer the one signed in
 *   here, kept aside until they sign in on this device again (device-owner.ts). The only store
 *   that outlives a change of user.
 * - stocktakes: the counts this device knows (started here, or listed by the server).
 * - countLines: what this device counted in each count, by count and product.
 * - sales: sales this device made or looked up, with each line's returned units (returns).
 * - suppliers, purchaseOrders, deliveries: buying, as the server last said or as made here.
 * - receivedCounts: what this device counted in each delivery, by delivery and product.
 * - customerBuckets: the business's customers as the server last said, in a few dozen records
 *   by a hash of their ids (customer-store.ts); customerOrders: their orders. What this device
 *   made or changed waits in the outbox and is laid over them.
 * - alertDismissals: alerts dismissed or snoozed here, hidden at once and until the server's
 *   answer says so itself (repositories/alerts.ts).
 */
/** An alert dismissed (until null) or snoozed here; `ackedAt` once the server has it. */
export interface LocalDismissal {
  key: string;
  until: string | null;
  ackedAt?: number;
}

export interface CatalogueChunk {
  n: number;
  items: InventoryItem[];
  /** The ids of its items, indexed, so that a change reads only the records it touches. */
  ids: number[];
}

export interface CatalogueMeta {
  key: 'catalogue';
  etag: string | null;
  fetchedAt: number;
  count: number;
  /** Counts acknowledged writes stored since the download, so other tabs read the copy again. */
  revision?: number;
  /**
   * The server's catalogue version the copy holds (every change up to it, maybe some after): a
   * refresh asks for the changes since it. Acknowledged writes leave it as it is.
   */
  version?: number;
}

export interface OwnerMeta {
  key: 'owner';
  userId: string;
}

/** A resource was loaded from the server on this device at least once (since the last handover). */
export interface LoadedMeta {
  key: `loaded:${string}`;
  at: number;
}

/**
 * A record created here got the server's id: a write made with its temporary id just as the
 * answer came (a screen still showing it) is given the server's id when it is queued.
 */
export interface AdoptedIdMeta {
  key: `adopted:${string}`;
  temporaryId: string;
  serverId: number | string;
  at: number;
}

/** Where this device is in a domain's feed (sync/feeds.ts), for a domain that keeps no version of its own. */
export interface FeedCursorMeta {
  key: `feed:${string}`;
  cursor: number;
}

/** This device's id in count lines (repositories/stocktakes.ts). */
export interface DeviceMeta {
  key: 'device';
  id: string;
}

/**
 * This tablet's till code in a business and the last receipt number it made after it
 * (repositories/sales.ts): the next sale takes the next number, in the transaction that queues it.
 */
export interface TillMeta {
  key: 'till';
  businessId: string;
  code: string;
  sequence: number;
}

/** The shop's Payment & Tax settings and approvers, as last fetched or changed here. */
export interface PaymentSettingsMeta {
  key: 'payment-settings';
  businessId: string;
  answer: PaymentSettingsAnswer;
  fetchedAt: number;
}

/** Sales parked on this tablet, to resume (repositories/parked-sales.ts). */
export interface ParkedSalesMeta {
  key: 'parked-sales';
  businessId: string;
  sales: ParkedSale[];
}

/** The basket being rung up on this tablet, kept through reloads (repositories/open-basket.ts). */
export interface OpenBasketMeta {
  key: 'open-basket';
  businessId: string;
  basket: KeptBasket;
}

/** The till's shift open on this tablet, with its ledger (repositories/shifts.ts). */
export interface ShiftMeta {
  key: 'shift';
  businessId: string;
  id: string;
  till: string;
  openedAt: string;
  floatCents: number;
  ledger: ShiftLedger;
}

export type MetaRecord =
  | ShiftMeta
  | ParkedSalesMeta
  | OpenBasketMeta
  | PaymentSettingsMeta
  | CatalogueMeta
  | OwnerMeta
  | LoadedMeta
  | AdoptedIdMeta
  | DeviceMeta
  | FeedCursorMeta
  | TillMeta;

/** A count this device knows: started here, or listed by the server. */
export type StoredStocktake = StocktakeSummary;

/** This device's count of a product in a count (its line), as last typed or scanned. */
export interface CountLine {
  stocktakeId: string;
  productId: number;
  quantity: number;
  /** When it was counted here (ISO 8601): the server keeps the latest line. */
  countedAt: string;
}

/** This device's count of a product in a delivery, as last scanned or typed. */
export interface ReceivedCount {
  deliveryId: string;
  productId: number;
  received: number;
  damaged: number;
  countedAt: string;
}

export interface ParkedChanges {
  userId: string;
  /** In the order they were made. */
  entries: OutboxEntry[];
  parkedAt: number;
  /** What else of theirs waits for them here: the basket they were ringing up, their parked sales. */
  kept?: MetaRecord[];
}

/** The meta records that are a person's work in hand, set aside with them when they sign out. */
export const KEPT_WITH_THEIR_USER: readonly MetaRecord['key'][] = ['open-basket', 'parked-sales'];

export interface StoredColumnPreferences {
  table: string;
  saved: ColumnPreference[];
  defaults: ColumnPreference[];
  fetchedAt: number;
}

export type StoredCustomField = Omit<CustomFieldDefinition, 'id'> & { id: number | string };

export interface StoredInventorySettings {
  key: 'inventory';
  settings: InventorySettings;
  /** When the user saved them (here or on another device); null while they are the defaults. */
  savedAt: string | null;
  fetchedAt: number;
}

/**
 * Products per stored record. Small enough that a batch of a hundred acknowledged edits rewrites
 * a fifth of the catalogue, not all of it; large enough that loading reads a few hundred records.
 */
export const CATALOGUE_CHUNK_SIZE = 200;

export class VintryDatabase extends Dexie {
  catalogueChunks!: Table<CatalogueChunk, number>;
  catalogueEdits!: Table<InventoryItem, number>;
  meta!: Table<MetaRecord, string>;
  columnPreferences!: Table<StoredColumnPreferences, string>;
  customFields!: Table<StoredCustomField, number | string>;
  inventorySettings!: Table<StoredInventorySettings, string>;
  outbox!: Table<OutboxEntry, number>;
  session!: Table<MirroredSession, string>;
  parkedChanges!: Table<ParkedChanges, string>;
  stocktakes!: Table<StoredStocktake, string>;
  countLines!: Table<CountLine, [string, number]>;
  sales!: Table<SoldSale, string>;
  suppliers!: Table<Supplier, string>;
  purchaseOrders!: Table<Order, string>;
  deliveries!: Table<Delivery, string>;
  receivedCounts!: Table<ReceivedCount, [string, number]>;
  customerBuckets!: Table<CustomerBucket, number>;
  alertDismissals!: Table<LocalDismissal, string>;
  accountEntries!: Table<AccountEntry, string>;
  events!: Table<CalendarEvent, string>;
  customerOrders!: Table<CustomerOrder, string>;

  constructor(name = DATABASE_NAME) {
    // Strict: a transaction is reported done only once it is on disk, so a queued change
    // survives the tab or the device dying right after.
    super(name, { chromeTransactionDurability: 'strict' });
    // Only the versions whose data changed are declared (a version that only added tables or
    // indexes needs no declaration of its own: Dexie compares with the database it finds). Each
    // declaration adds to the ones before it: version 2 names every table of its time, later
    // ones what they changed or added. Fewer declarations are less work at every app start.
    this.version(2)
      .stores({
        catalogueChunks: 'n',
        meta: 'key',
        columnPreferences: 'table',
        customFields: 'id, entity_type',
        inventorySettings: 'key',
        outbox: '++seq, &id, resource, state',
        session: 'key',
        parkedChanges: 'userId',
      })
      // Outbox entries gained a failure reason in place of a status and a text.
      .upgrade((tx) =>
        tx
          .table<OutboxEntry, number>('outbox')
          .toCollection()
          .modify((entry, ref) => {
            const upgraded = upgradeEntry(entry);
            if (upgraded) ref.value = upgraded;
          }),
      );
    // Catalogue records say which products they hold; outbox entries are found by their record.
    this.version(3)
      .stores({ catalogueChunks: 'n, *ids', outbox: '++seq, &id, resource, state, recordId' })
      .upgrade((tx) =>
        tx
          .table<CatalogueChunk, number>('catalogueChunks')
          .toCollection()
          .modify((chunk) => {
            chunk.ids = chunk.items.map((item) => item.id);
          }),
      );
    // Since version 3: stocktakes (the counts this device knows, and what it counted in them;
    // version 4), acknowledged edits of held products laid over the catalogue's records (5), and
    // the sales this device made or looked up, for returns offline (6); buying: suppliers,
    // purchase orders, deliveries and what this device counted in them (8); customers and their orders (9);
    // customers' account entries and calendar events (10).
    // Version 7: approvers are names only now; the PIN hashes an earlier version kept here go.
    this.version(7)
      .stores({
        stocktakes: 'id, started_at',
        countLines: '[stocktakeId+productId], stocktakeId',
        catalogueEdits: 'id',
        sales: 'id, &receipt, made_at',
        suppliers: 'id, name',
        purchaseOrders: 'id, created_at',
        deliveries: 'id, started_at',
        receivedCounts: '[deliveryId+productId], deliveryId',
        customers: 'id',
        customerOrders: 'id',
        accountEntries: 'id, customer_id',
        events: 'id, day',
      })
      .upgrade((tx) =>
        tx
          .table<MetaRecord, string>('meta')
          .toCollection()
          .modify((record) => {
            if (record.key !== 'payment-settings') return;
            record.answer.approvers = record.answer.approvers.map((approver) => ({
              user_id: approver.user_id,
              name: approver.name,
              locked: approver.locked === true,
            }));
          }),
      );
    // Customers move into records of many (8), then their table of one record each goes (9):
    // a table named null in a version is deleted after the upgrades before it have read it.
    this.version(8)
      .stores({ customerBuckets: 'n' })
      .upgrade(async (tx) => {
        const customers = await tx.table<Customer, string>('customers').toArray();
        await tx.table<CustomerBucket, number>('customerBuckets').bulkPut(
          [...byBucket(customers, (customer) => customer.id)].map(([n, held]) => ({
            n,
            customers: held,
          })),
        );
      });
    // Version 9 also keeps the alerts this person dismissed or snoozed here (repositories/alerts.ts).
    this.version(9).stores({ customers: null, alertDismissals: 'key' });
  }
}

export const db = new VintryDatabase();

// The stores the import worker reads by name are this database's tables.
CATALOGUE_STORES satisfies Record<string, keyof VintryDatabase>;

/** Whose data this device holds: the user id of the last one signed in, if any. */
export async function readOwner(): Promise<string | undefined> {
  const owner = await db.meta.get('owner');
  return owner?.key === 'owner' ? owner.userId : undefined;
}
