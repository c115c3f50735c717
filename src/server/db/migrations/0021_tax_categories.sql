ALTER TABLE "products" ADD COLUMN "tax_category" text;
--> statement-breakpoint
-- A product with GST on its cost was taxed at the till: it takes the shop's taxed category.
-- One with GST 0 keeps none, and is listed for the owner to confirm (never guessed here).
UPDATE "products" AS p
SET "tax_category" = CASE WHEN b."default_tax_category" = 'gstFree' THEN 'gst10' ELSE b."default_tax_category" END
FROM "businesses" AS b
WHERE b."id" = p."business_id" AND p."gst" > 0;
--> statement-breakpoint
-- Devices hold the catalogue without categories: a version with no log entry makes each
-- download it whole once.
UPDATE "businesses" SET "catalogue_version" = "catalogue_version" + 1;
