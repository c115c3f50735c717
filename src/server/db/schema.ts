import type { webcrypto } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The server's tables. Every row that belongs to a business carries business_id, and every query
 * on it is scoped by the caller's business. Secrets (passwords, refresh and reset tokens) are
 * stored only as hashes.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Business Profile: ABN or other tax number, address and phone, as the owner types them. */
    taxNumber: text('tax_number').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The shop's IANA time zone: its receipts and days. Null until the owner saves one. */
    timeZone: text('time_zone'),
    /**
     * The zone the business's report days (`report_days`) are kept by: they are rebuilt when
     * it is not `timeZone` (server/reports/report-days.ts). Null until first built.
     */
    reportDaysZone: text('report_days_zone'),
    /**
     * While the report days are being built by `reportDaysZone`, the last day built so far
     * (sales of later days wait for their step of the build); null once built.
     */
    reportDaysThrough: date('report_days_through', { mode: 'string' }),
    /** The tax category GST is suggested from, for people who have not chosen their own. */
    defaultTaxCategory: text('default_tax_category', { enum: ['gst10', 'gstFree', 'wet'] })
      .notNull()
      .default('gst10'),
    /** Bumped by every change to the business's catalogue; the inventory ETag is built from it. */
    catalogueVersion: integer('catalogue_version').notNull().default(0),
    /** The number of the business's last purchase order (PO-000001 is 1). */
    lastOrderNumber: integer('last_order_number').notNull().default(0),
    /** The last customer order's number (ORD-1001 is the first). */
    lastCustomerOrderNumber: integer('last_customer_order_number').notNull().default(0),
    /**
     * Bumped (from the one sequence `change_versions`) after every write of the business commits:
     * its devices hear the new version and pull. `changed_at` lets every server instance find the
     * businesses changed in the last seconds with one cheap read.
     */
    changeVersion: bigint('change_version', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('businesses_changed_at_idx').on(table.changedAt)],
);

/** The versions every business's changes are numbered from (businesses.change_version). */
export const changeVersions = pgSequence('change_versions');

/** The index that keeps an email, in any case, to one user. */
export const USER_EMAIL_UNIQUE = 'users_email_lower_unique';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'staff'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A disabled person cannot sign in, and their tokens stop working at once. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(USER_EMAIL_UNIQUE).on(sql`lower(${t.email})`),
    index('users_business_idx').on(t.businessId),
    check('users_role_check', sql`${t.role} in ('owner', 'manager', 'staff')`),
  ],
);

/**
 * Invitations to join a business: a single-use link (only its hash kept) valid for 7 days. The
 * person's account is made when they accept, with the name, email and role given here.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'staff'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_hash_unique').on(t.tokenHash),
    index('invitations_business_idx').on(t.businessId),
    check('invitations_role_check', sql`${t.role} in ('owner', 'manager', 'staff')`),
  ],
);

/**
 * Opaque refresh tokens, rotated on every use. All tokens issued from one sign-in share a family
 * and its absolute expiry; presenting a rotated token after the grace window revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Failed sign-ins by lower-cased email, for the rate limit; rows older than the window are pruned. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The address the attempt came from (the socket's, or the proxy's X-Forwarded-For). */
    client: text('client').notNull().default(''),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.failedAt),
    index('login_failures_client_idx').on(t.client, t.failedAt),
  ],
);

/** Money is stored as exact decimals: 12 digits, 2 after the point. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * The catalogue. Ids are integers (the product detail shows them zero-padded as the SKU line).
 * Values of the business's custom fields are kept by field_key in custom_values.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sku: text('sku'),
    producer: text('producer').notNull().default(''),
    country: text('country').notNull().default(''),
    region: text('region').notNull().default(''),
    appellation: text('appellation').notNull().default(''),
    luc: money('luc').notNull().default('0'),
    gst: money('gst').notNull().default('0'),
    /** gst10, gstFree or wet; null for a product stored before categories, until confirmed. */
    taxCategory: text('tax_category'),
    listPrice: money('list_price').notNull().default('0'),
    costPrice: money('cost_price'),
    retailPrice: money('retail_price'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    category: text('category'),
    supplier: text('supplier'),
    description: text('description'),
    barcode: text('barcode'),
    // The wine (domains/products/fields.ts): optional, numbers kept as their exact text.
    vintage: text('vintage'),
    drinkType: text('drink_type'),
    grapes: text('grapes'),
    alcohol: text('alcohol'),
    bottleMl: text('bottle_ml'),
    servingTemp: text('serving_temp'),
    tasting: text('tasting'),
    foodPairing: text('food_pairing'),
    rating: text('rating'),
    storageLocation: text('storage_location'),
    // How it is bought (domains/products/fields.ts): numbers kept as their exact text, as the
    // wine's are; the supplier it comes from is `supplierId`, whose name `supplier` holds.
    supplierCode: text('supplier_code'),
    caseSize: text('case_size'),
    caseBarcode: text('case_barcode'),
    caseCost: money('case_cost'),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    reorderPoint: text('reorder_point'),
    reorderQuantity: text('reorder_quantity'),
    customValues: jsonb('custom_values').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSaleDate: date('last_sale_date'),
    /** Bumped by every change of this product; an edit names the version it was based on. */
    version: integer('version').notNull().default(1),
    /**
     * Where the product stands in the catalogue's order: its id at first, and for a duplicate a
     * place right after its original. Ids never change.
     */
    position: doublePrecision('position'),
    /**
     * The id the device that added (or copied) the product gave it: the same create sent again,
     * however late, finds the product instead of making another, and a device whose answer was
     * lost recognises its product when a refresh brings it.
     */
    clientRef: uuid('client_ref'),
  },
  (t) => [
    index('products_business_idx').on(t.businessId, t.id),
    uniqueIndex('products_client_ref_unique').on(t.businessId, t.clientRef),
  ],
);

/**
 * Every change of a product, written in the transaction of the change: what feeds View History
 * and the since-version feed. `catalogue_version` is the business's version the change made;
 * `fields` maps each changed field to [old, new] (a create has no old, a delete no new).
 *
 * This log and stock_movements are written by the thousands in one statement (an import's batch,
 * a stocktake's close, a day of sales), so their business and person are not foreign keys: each
 * check costs about 50 µs a row on PGlite, a third of an import's time, and guards nothing the
 * writes do not already ensure. Every entry is written by the server inside a transaction for
 * the caller's own business and person, and neither is ever deleted (a person leaving is
 * disabled). A movement's product stays a foreign key: deleting a product deletes them.
 */
export const productChanges = pgTable(
  'product_changes',
  {
    id: serial('id').primaryKey(),
    businessId: uuid('business_id').notNull(),
    productId: integer('product_id').notNull(),
    productVersion: integer('product_version').notNull(),
    catalogueVersion: integer('catalogue_version').notNull(),
    /** 'stock': a stock movement (its row in stock_movements says why). */
    kind: text('kind', { enum: ['create', 'update', 'delete', 'stock'] }).notNull(),
    fields: jsonb('fields').$type<Record<string, [unknown, unknown]>>().notNull(),
    userId: uuid('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    movementId: uuid('movement_id'),
    /** The import that made it (History: 'Imported from {file}'). */
    importId: uuid('import_id'),
  },
  (t) => [
    index('product_changes_feed_idx').on(t.businessId, t.catalogueVersion),
    index('product_changes_product_idx').on(t.businessId, t.productId, t.productVersion),
    // A sale's prices as they were when it was made: a product's edits after a moment, without
    // reading the stock entries every sale and count adds.
    index('product_changes_edits_idx')
      .on(t.businessId, t.productId, t.at)
      .where(sql`${t.kind} <> 'stock'`),
  ],
);

/**
 * The reasons of the stock movements that are not shrinkage: stock sold, brought back, received
 * or first counted in (the sales, returns, purchasing and stock domains' reasons; a test holds
 * them the same). The Inventory Report's losses are the movements of every other reason.
 */
export const NOT_SHRINKAGE_REASONS = ['Sale', 'Return', 'Received', 'Opening balance'] as const;

/**
 * A movement's reason is not shrinkage, written as the shrinkage index's condition is (a query
 * reads the index only when its condition says the same).
 */
export const notShrinkage = (reason: SQL | AnyPgColumn) =>
  sql`${reason} not in (${sql.raw(NOT_SHRINKAGE_REASONS.map((each) => `'${each}'`).join(', '))})`;

/**
 * Every change of a product's stock, as a signed quantity with its reason: a product's
 * stock_quantity is the sum of its movements, kept in the product's row by the transaction that
 * records each one. The id is made on the device, so a movement sent twice is stored once; two
 * devices' movements of one product both count, in any order. Opening balances of products
 * stocked before movements existed have the reason 'Opening balance'.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    userId: uuid('user_id'),
    /** When it was made on the device, which may be long before it reached the server. */
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.businessId, t.productId, t.madeAt),
    // The few movements that are losses, out of a year's sales, returns and deliveries.
    index('stock_movements_shrinkage_idx').on(t.businessId, t.madeAt).where(notShrinkage(t.reason)),
  ],
);

/**
 * Sales (domains/sales): the id and receipt number are made on the tablet; amounts are integer
 * cents as the server worked them out from the lines. Each line keeps the price charged and the
 * LUC at the sale, so margins use the cost of that moment.
 */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    receipt: text('receipt').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When it was made on the tablet, which may be long before it reached the server. */
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    totalCents: integer('total_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    roundingCents: integer('rounding_cents').notNull(),
    changeCents: integer('change_cents').notNull(),
    /** Σ LUC at the sale × quantity over its lines: the cost that profit is worked out against. */
    costCents: integer('cost_cents').notNull().default(0),
    discount: jsonb('discount'),
    tenders: jsonb('tenders').notNull(),
    /** The till's shift it was made in (a shift is a tablet's: see shifts). */
    shiftId: uuid('shift_id'),
    /**
     * A discount past the staff limit: 'confirmed' by the approver's PIN, or 'not-confirmed'
     * (kept, for managers to see, with `approval_problem` from APPROVAL_PROBLEMS). Null when
     * no approval was needed.
     */
    approval: text('approval', { enum: ['confirmed', 'not-confirmed'] }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvalProblem: text('approval_problem'),
    /** The manager who looked at a sale whose approval was not confirmed, and when. */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** What the tablet claimed that the server's records say otherwise (SaleClaim[]), or null. */
    claims: jsonb('claims'),
    /** The customer it was sold to, when the till named one (their purchase history). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The customer order it completed (collected or delivered): at most one sale per order. */
    customerOrderId: uuid('customer_order_id').references(() => customerOrders.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('sales_receipt_unique').on(t.businessId, t.receipt),
    index('sales_customer_idx').on(t.customerId, t.madeAt).where(sql`${t.customerId} is not null`),
    index('sales_business_made_idx').on(t.businessId, t.madeAt),
    index('sales_unconfirmed_idx')
      .on(t.businessId, t.madeAt)
      .where(sql`${t.approval} = 'not-confirmed'`),
  ],
);

/** The till codes a business's tablets were given, each once (domains/sales/receipt-number.ts). */
export const tills = pgTable(
  'tills',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The id the tablet made for itself (its IndexedDB keeps it). */
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.code] }),
    uniqueIndex('tills_device_unique').on(t.businessId, t.deviceId),
  ],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** Null once the product is deleted; the line keeps the name it was sold under. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    /** The product's list price when it was sold (null on lines sold before it was kept). */
    shelfCents: integer('shelf_cents'),
    lucCents: integer('luc_cents').notNull(),
    taxable: boolean('taxable').notNull(),
    discount: jsonb('discount'),
    /** What the customer paid for the line, after its discount and its share of the sale's. */
    netCents: integer('net_cents').notNull(),
    /** Its share of the sale's GST (#domains/sales/money.ts gstShares): what reports add up. */
    gstCents: integer('gst_cents').notNull().default(0),
    /** The product's category and producer when it was sold: the reports group by these. */
    category: text('category').notNull().default(''),
    producer: text('producer').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.saleId, t.lineNo] }),
    index('sale_lines_product_idx').on(t.productId),
  ],
);

/**
 * Stocktakes (counts). The id is made on the device that starts it. `expected` holds the stock
 * of every product in scope when the count reached the server; lines are each counter's count
 * of a product on one device, replaced by their recount there (the latest `counted_at` wins).
 */
/**
 * Suppliers (beyond the spec's prototype; README, "Buying and receiving"), made on a device (its
 * id) and edited field by field: `fieldVersions` says at which version each field last changed,
 * so edits of different fields made on two devices both stand.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contact: text('contact'),
    email: text('email'),
    phone: text('phone'),
    accountNumber: text('account_number'),
    leadDays: integer('lead_days'),
    minimumOrderCents: integer('minimum_order_cents'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    fieldVersions: jsonb('field_versions').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suppliers_business_idx').on(t.businessId)],
);

/**
 * Customers (#domains/customers/customer.ts): made on a device (its id) and edited field by field;
 * `field_versions` says at which version each field last changed, for the merge.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    notes: text('notes'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** The day the customer agreed to marketing; null: they have not. */
    marketingConsent: date('marketing_consent'),
    birthday: date('birthday'),
    version: integer('version').notNull().default(1),
    fieldVersions: jsonb('field_versions').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When their details were erased at their request; they cannot be changed after. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The customer this one was merged into (their sales and orders moved there). */
    mergedInto: uuid('merged_into'),
    /** Their account's limit in cents; null: no account (#domains/customers/account.ts). */
    accountLimitCents: integer('account_limit_cents'),
    /** The number on their member card, as scanned at the till (unique in the business). */
    memberNumber: text('member_number'),
  },
  (t) => [
    index('customers_business_idx').on(t.businessId),
    uniqueIndex('customers_member_number_unique')
      .on(t.businessId, t.memberNumber)
      .where(sql`${t.memberNumber} is not null`),
  ],
);

/**
 * The entries of customers' accounts (#domains/customers/account.ts): a sale on account, a
 * refund to it, a payment or a deposit, each made once by its id. Never changed: the balance is
 * their sum.
 */
export const accountEntries = pgTable(
  'account_entries',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sale', 'refund', 'payment', 'deposit'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    receipt: text('receipt'),
    customerOrderId: uuid('customer_order_id'),
    tender: text('tender'),
    shiftId: uuid('shift_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_entries_customer_idx').on(t.businessId, t.customerId, t.madeAt)],
);

/**
 * Customer orders (#domains/customer-orders/customer-order.ts): made on a device (its id),
 * numbered by the server when they first arrive; details merged by field (`field_versions`),
 * lines by product. Open and ready orders reserve their lines' units.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['pickup', 'delivery'] }).notNull(),
    dueOn: date('due_on').notNull(),
    windowFrom: text('window_from'),
    windowTo: text('window_to'),
    address: text('address'),
    notes: text('notes'),
    status: text('status', { enum: ['open', 'ready', 'collected', 'delivered', 'cancelled'] })
      .notNull()
      .default('open'),
    version: integer('version').notNull().default(1),
    fieldVersions: jsonb('field_versions').$type<Record<string, number>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sale that completed it at the till; null until it is collected or delivered. */
    saleId: uuid('sale_id'),
    /** Its receipt number, as the order's page shows it. */
    saleReceipt: text('sale_receipt'),
  },
  (t) => [
    index('customer_orders_due_idx').on(t.businessId, t.dueOn),
    index('customer_orders_customer_idx').on(t.customerId),
  ],
);

export const customerOrderLines = pgTable(
  'customer_order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    /** The product's price (GST included) when the line was made. */
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    index('customer_order_lines_product_idx').on(t.productId),
  ],
);

/**
 * Purchase orders (#domains/purchasing/purchase-order.ts): made as drafts on a device (its id),
 * numbered by the server when they first arrive, sent, then received by deliveries.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** PO-000001, the business's next when the order arrived. */
    number: text('number').notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: ['draft', 'sent', 'partly_received', 'received', 'cancelled'],
    })
      .notNull()
      .default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentVia: text('sent_via', { enum: ['email-csv', 'marked'] }),
    expectedOn: date('expected_on'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_orders_business_idx').on(t.businessId, t.createdAt),
    uniqueIndex('purchase_orders_number_unique').on(t.businessId, t.number),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    units: integer('units').notNull(),
    unitCostCents: integer('unit_cost_cents').notNull(),
    /** Units posted deliveries brought. */
    received: integer('received').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    index('purchase_order_lines_product_idx').on(t.productId),
  ],
);

/**
 * Deliveries received (#domains/purchasing/receiving.ts): started on a device (its id), counted
 * on one or more devices, their invoice typed, then posted once.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => purchaseOrders.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'posted', 'cancelled'] })
      .notNull()
      .default('open'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    invoiceNumber: text('invoice_number').notNull().default(''),
    invoiceDate: date('invoice_date'),
    totalCents: integer('total_cents'),
    freightCents: integer('freight_cents').notNull().default(0),
    postedBy: uuid('posted_by').references(() => users.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** At posting: the invoice total less its lines, freight and GST (0 when it added up). */
    differenceCents: integer('difference_cents'),
    /**
     * At posting: the GST the invoice's lines and freight carry (10 % of the taxable ones), what
     * the shop claims back (the GST summary). Null on deliveries posted before it was kept.
     */
    gstCents: integer('gst_cents'),
  },
  (t) => [
    index('deliveries_business_idx').on(t.businessId, t.startedAt),
    index('deliveries_order_idx').on(t.orderId),
  ],
);

/** Each device's latest count of a product of a delivery; the devices' counts add up. */
export const deliveryCounts = pgTable(
  'delivery_counts',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    received: integer('received').notNull(),
    damaged: integer('damaged').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
    countedBy: uuid('counted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.deviceId, t.productId] })],
);

/** The invoice's cost of each line (all units billed, excluding GST). */
export const deliveryCosts = pgTable(
  'delivery_costs',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    lineCents: integer('line_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.productId] })],
);

/** A posted delivery's lines as posting worked them out: what stays of it whatever happens. */
export const deliveryLines = pgTable(
  'delivery_lines',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    received: integer('received').notNull(),
    damaged: integer('damaged').notNull(),
    lineCents: integer('line_cents').notNull(),
    freightCents: integer('freight_cents').notNull(),
    receivedCents: integer('received_cents').notNull(),
    lucBeforeCents: integer('luc_before_cents').notNull(),
    lucAfterCents: integer('luc_after_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryId, t.productId] }),
    index('delivery_lines_product_idx').on(t.productId),
  ],
);

export const stocktakes = pgTable(
  'stocktakes',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['full', 'partial'] }).notNull(),
    category: text('category'),
    search: text('search'),
    scanMode: text('scan_mode', { enum: ['scan', 'type'] }).notNull(),
    status: text('status', { enum: ['open', 'closed', 'cancelled'] })
      .notNull()
      .default('open'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the server took the snapshot: movements recorded after it happened during the count. */
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('stocktakes_business_idx').on(t.businessId, t.startedAt)],
);

export const stocktakeExpected = pgTable(
  'stocktake_expected',
  {
    stocktakeId: uuid('stocktake_id')
      .notNull()
      .references(() => stocktakes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    expected: integer('expected').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stocktakeId, t.productId] })],
);

export const stocktakeLines = pgTable(
  'stocktake_lines',
  {
    stocktakeId: uuid('stocktake_id')
      .notNull()
      .references(() => stocktakes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    quantity: integer('quantity').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stocktakeId, t.productId, t.userId, t.deviceId] })],
);

/** Per user and table: which columns show, and in which order. */
export const columnPreferences = pgTable(
  'column_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    columnKey: text('column_key').notNull(),
    isVisible: boolean('is_visible').notNull(),
    displayOrder: integer('display_order').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tableName, t.columnKey] }),
    index('column_preferences_key_idx').on(t.columnKey),
  ],
);

/** The index that keeps a field key once per business and entity type. */
export const FIELD_KEY_UNIQUE = 'custom_field_definitions_key_unique';

/** Custom fields a business defines for products, customers or the business itself. */
export const customFieldDefinitions = pgTable(
  'custom_field_definitions',
  {
    id: serial('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    fieldKey: text('field_key').notNull(),
    fieldName: text('field_name').notNull(),
    fieldType: text('field_type').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    description: text('description'),
    validation: jsonb('validation').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex(FIELD_KEY_UNIQUE).on(t.businessId, t.entityType, t.fieldKey)],
);

/** Per user: the inventory settings object, as validated JSON. */
export const inventorySettings = pgTable('inventory_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of writes, per user: the request's fingerprint and, once answered, the
 * answer, kept 24 hours so that a retried write is answered the same way and applied once.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Files uploaded by a business. The bytes are in upload_contents, in the database, so that every
 * instance on one PostgreSQL can serve any upload. `stored_name` is the file name of an upload
 * made before that, under DATA_DIR/uploads, kept until the start that moves its bytes in.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    storedName: text('stored_name'),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_business_idx').on(t.businessId)],
);

/** Raw bytes: Buffer on node-postgres, Uint8Array on PGlite; both are Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** The bytes of an upload, apart from its record so that listing records never reads them. */
export const uploadContents = pgTable('upload_contents', {
  uploadId: uuid('upload_id')
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/**
 * Settings → Payment & Tax (domains/sales/payment-settings.ts): one row per setting a business
 * changed, so changes of different settings from different devices never overwrite each other.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.key] })],
);

/**
 * Managers' and owners' approval PINs (domains/sales/approval.ts): a salted PBKDF2 hash only,
 * never sent to any device. Wrong PINs in a row are counted; the fifth locks the PIN until its
 * owner sets a new one.
 */
export const approvalPins = pgTable('approval_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  salt: text('salt').notNull(),
  hash: text('hash').notNull(),
  iterations: integer('iterations').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  failedTries: integer('failed_tries').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
});

/**
 * The key pairs tablets seal approval PINs to (RSA-OAEP, 2048 bits): tablets get the newest
 * public key with the payment settings; the server opens a seal by the key id it names. Kept in
 * the database so every instance opens what any tablet sealed.
 */
export const approvalKeys = pgTable('approval_keys', {
  id: text('id').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<webcrypto.JsonWebKey>().notNull(),
  privateJwk: jsonb('private_jwk').$type<webcrypto.JsonWebKey>().notNull(),
  createdAt: createdAt(),
});

/**
 * Approvals a tablet had checked online before completing the sale: the sale, when it arrives
 * with the lines the approval's digest names (domains/sales/approval.ts), needs no other.
 */
export const approvalChecks = pgTable('approval_checks', {
  saleId: uuid('sale_id').primaryKey(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  approverId: uuid('approver_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: text('digest').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/**
 * Every receipt number a business has used, sales and returns alike: one number, one receipt,
 * whichever kind took it first (numbers are stored in their canonical form, receipt-number.ts).
 */
export const receiptNumbers = pgTable(
  'receipt_numbers',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    receipt: text('receipt').notNull(),
    saleId: uuid('sale_id'),
    returnId: uuid('return_id'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.receipt] })],
);

/**
 * Returns of sales (domains/sales/returns.ts): the refund as the server worked it out from the
 * sale's lines, and the cost at sale of the units put back on the shelf (profit gives it back).
 */
export const saleReturns = pgTable(
  'sale_returns',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    receipt: text('receipt').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    totalCents: integer('total_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    restockedCostCents: integer('restocked_cost_cents').notNull(),
    tender: jsonb('tender').notNull(),
    shiftId: uuid('shift_id'),
    /** What the tablet claimed that the server's records say otherwise (its GST), or null. */
    claims: jsonb('claims'),
  },
  (t) => [
    uniqueIndex('sale_returns_receipt_unique').on(t.businessId, t.receipt),
    index('sale_returns_business_made_idx').on(t.businessId, t.madeAt),
    index('sale_returns_sale_idx').on(t.saleId),
  ],
);

export const saleReturnLines = pgTable(
  'sale_return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => saleReturns.id, { onDelete: 'cascade' }),
    /** The sale's line it returns units of. */
    lineNo: integer('line_no').notNull(),
    quantity: integer('quantity').notNull(),
    resaleable: boolean('resaleable').notNull(),
    refundCents: integer('refund_cents').notNull(),
    /** Its share of the refund's GST, shared as a sale's is. */
    gstCents: integer('gst_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.lineNo] })],
);

/**
 * Till shifts: opened with a float, closed with the cash counted and the tablet's ledger of the
 * shift (domains/sales/shifts.ts), which is what the end-of-day report reads.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    till: text('till').notNull(),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    floatCents: integer('float_cents').notNull(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    countedCents: integer('counted_cents'),
    expectedCents: integer('expected_cents'),
    ledger: jsonb('ledger'),
  },
  (t) => [index('shifts_business_opened_idx').on(t.businessId, t.openedAt)],
);

/**
 * An import of a product file: its id is made on the device, so the job sent again is the same
 * job. Its rows are applied in batches; each applied row is recorded with what it did, in the
 * transaction that applies it, so a row is never applied twice and an import cut off anywhere
 * says exactly which rows were applied.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    matchBy: text('match_by', { enum: ['sku', 'barcode'] }).notNull(),
    setStock: boolean('set_stock').notNull(),
    /** The rows the dry run found to apply. */
    rowCount: integer('row_count').notNull(),
    /** How many rows were applied so far, by outcome: kept with each batch. */
    tally: jsonb('tally').$type<Partial<Record<string, number>>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('import_jobs_business_idx').on(t.businessId, t.createdAt)],
);

export const importRows = pgTable(
  'import_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The row's number in the file, as a spreadsheet shows it. */
    row: integer('row').notNull(),
    outcome: text('outcome', {
      enum: ['created', 'updated', 'unchanged', 'conflict', 'missing', 'refused'],
    }).notNull(),
    productId: integer('product_id'),
    message: text('message'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.row] })],
);

/**
 * Where each feed of a business is (src/server/sync/feed-changes.ts): a write bumps its feed's
 * version in its own transaction, holding this row until it commits, so versions commit in order
 * and a device's cursor never passes a change still to come.
 */
export const feedVersions = pgTable(
  'feed_versions',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    feed: text('feed').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.feed] })],
);

/** The records of a feed and the version each last changed at: what a pull since N reads. */
export const feedRecords = pgTable(
  'feed_records',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    feed: text('feed').notNull(),
    recordKey: text('record_key').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.feed, t.recordKey] }),
    index('feed_records_version_idx').on(t.businessId, t.feed, t.version),
  ],
);

/**
 * Calendar events (#domains/events/event.ts): made on a device (its id), details merged by
 * field (`field_versions`); who is coming in event_attendees, one row per customer.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    day: date('day').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at'),
    capacity: integer('capacity'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    fieldVersions: jsonb('field_versions').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calendar_events_business_day_idx').on(t.businessId, t.day)],
);

export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.customerId] })],
);

/**
 * Alerts a person dismissed or snoozed, for themselves (#domains/alerts/alert.ts): by the
 * alert's key; `until` null is dismissed while the alert stands, a time is snoozed until then.
 * A dismissal of an alert that no longer stands is deleted when alerts are next worked out.
 */
export const alertDismissals = pgTable(
  'alert_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    until: timestamp('until', { withTimezone: true }),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Low-stock digests sent (README, "Alerts"): one row per person and period ('2026-11-30', the
 * week's Monday, or an hour), written before the mail goes, so that of several instances
 * checking at once only the one that wrote it sends.
 */
export const lowStockDigests = pgTable(
  'low_stock_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

/**
 * The Sales Report's days, kept as sales and refunds are stored (server/reports/report-days.ts):
 * for each day of the shop's calendar, the figures of the day in total (`dimension` 'total',
 * key ''), and by category, producer, staff member and tender (the key names which), so that a
 * year's report adds up a few thousand rows instead of every line. Rebuilt from the sales when
 * the shop's time zone is not the one they were kept by.
 */
export const reportDays = pgTable(
  'report_days',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    sales: integer('sales').notNull().default(0),
    units: integer('units').notNull().default(0),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
    gstCents: bigint('gst_cents', { mode: 'number' }).notNull().default(0),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    returns: integer('returns').notNull().default(0),
    returnedUnits: integer('returned_units').notNull().default(0),
    refundCents: bigint('refund_cents', { mode: 'number' }).notNull().default(0),
    refundGstCents: bigint('refund_gst_cents', { mode: 'number' }).notNull().default(0),
    restockedCostCents: bigint('restocked_cost_cents', { mode: 'number' }).notNull().default(0),
    roundingCents: bigint('rounding_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.dimension, t.day, t.key] })],
);
