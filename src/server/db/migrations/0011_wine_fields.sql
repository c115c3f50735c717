ALTER TABLE "products" ADD COLUMN "vintage" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "drink_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "grapes" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "alcohol" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bottle_ml" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "serving_temp" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tasting" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "food_pairing" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_location" text;--> statement-breakpoint
-- A product custom field whose key is now one of the product's own fields (a shop may have made
-- 'vintage' or 'rating' itself) keeps its name and values under '{key}_custom', with its column
-- preferences; its key would otherwise hide it behind the product's field.
UPDATE "products" AS p
SET "custom_values" = (p."custom_values" - d."field_key")
  || jsonb_build_object(d."field_key" || '_custom', p."custom_values" -> d."field_key")
FROM "custom_field_definitions" AS d
WHERE d."entity_type" = 'product'
  AND d."business_id" = p."business_id"
  AND d."field_key" IN ('vintage', 'drink_type', 'grapes', 'alcohol', 'bottle_ml', 'serving_temp', 'tasting', 'food_pairing', 'rating', 'storage_location')
  AND p."custom_values" ? d."field_key";--> statement-breakpoint
UPDATE "column_preferences" AS c
SET "column_key" = c."column_key" || '_custom'
FROM "custom_field_definitions" AS d, "users" AS u
WHERE d."entity_type" = 'product'
  AND c."table_name" = 'products'
  AND u."id" = c."user_id"
  AND u."business_id" = d."business_id"
  AND c."column_key" = d."field_key"
  AND d."field_key" IN ('vintage', 'drink_type', 'grapes', 'alcohol', 'bottle_ml', 'serving_temp', 'tasting', 'food_pairing', 'rating', 'storage_location');--> statement-breakpoint
UPDATE "custom_field_definitions"
SET "field_key" = "field_key" || '_custom'
WHERE "entity_type" = 'product'
  AND "field_key" IN ('vintage', 'drink_type', 'grapes', 'alcohol', 'bottle_ml', 'serving_temp', 'tasting', 'food_pairing', 'rating', 'storage_location');
