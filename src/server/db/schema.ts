import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
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

export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Bumped by every change to the business's catalogue; the inventory ETag is built from it. */
  catalogueVersion: integer('catalogue_version').notNull().default(0),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'staff'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_business_idx').on(t.businessId),
    check('users_role_check', sql`${t.role} in ('owner', 'staff')`),
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
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.failedAt)],
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
    listPrice: money('list_price').notNull().default('0'),
    costPrice: money('cost_price'),
    retailPrice: money('retail_price'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    category: text('category'),
    supplier: text('supplier'),
    description: text('description'),
    barcode: text('barcode'),
    customValues: jsonb('custom_values').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSaleDate: date('last_sale_date'),
  },
  (t) => [index('products_business_idx').on(t.businessId, t.id)],
);
