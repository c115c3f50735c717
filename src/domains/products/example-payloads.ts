import * as v from 'valibot';
import { int32 } from '#shared/validation.ts';

/**
 * The product payloads of the API Examples page (spec section 3): create {name, price,
 * description}, update {name, price}. The price is the catalogue list price, in dollars with at
 * most two decimals.
 */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Product name is required',
  nameTooLong: 'Product name must be at most 200 characters',
  priceInvalid: 'Price must be a number from 0 to 1,000,000 with at most two decimals',
  descriptionTooLong: 'Description must be at most 2,000 characters',
} as const;

const NameSchema = v.pipe(
  v.string(PRODUCT_MESSAGES.nameRequired),
  v.trim(),
  v.nonEmpty(PRODUCT_MESSAGES.nameRequired),
  v.maxLength(200, PRODUCT_MESSAGES.nameTooLong),
);

const PriceSchema = v.pipe(
  v.number(PRODUCT_MESSAGES.priceInvalid),
  v.finite(PRODUCT_MESSAGES.priceInvalid),
  v.minValue(0, PRODUCT_MESSAGES.priceInvalid),
  v.maxValue(1_000_000, PRODUCT_MESSAGES.priceInvalid),
  v.check(
    (price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
    PRODUCT_MESSAGES.priceInvalid,
  ),
);

/**
 * A missing name or price gets the field's own message, not valibot's generic one: the missing
 * value is replaced by one the field's schema refuses with that message.
 */
const RequiredName = v.optional(NameSchema, '');
const RequiredPrice = v.optional(PriceSchema, Number.NaN);

export const CreateProductSchema = v.object({
  name: RequiredName,
  price: RequiredPrice,
  description: v.optional(
    v.pipe(v.string(), v.maxLength(2000, PRODUCT_MESSAGES.descriptionTooLong)),
    '',
  ),
});

export const UpdateProductSchema = v.object({ name: RequiredName, price: RequiredPrice });

/** What the products calls answer: the catalogue product in the shape of the payloads. */
export const ExampleProductSchema = v.object({
  id: int32('id must be a product id', 1),
  name: v.string(),
  price: v.number(),
  description: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type ExampleProduct = v.InferOutput<typeof ExampleProductSchema>;

/** The example payloads the API Examples page sends. */
export const EXAMPLE_CREATE = {
  name: 'API Example Shiraz',
  price: 29.99,
  description: 'Created from the API Examples page',
} as const;
export const EXAMPLE_UPDATE = { name: 'API Example Shiraz (updated)', price: 34.5 } as const;
