CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contact" text,
	"email" text,
	"phone" text,
	"account_number" text,
	"lead_days" integer,
	"minimum_order_cents" integer,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"field_versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "supplier_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "case_size" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "case_barcode" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "case_cost" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reorder_point" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reorder_quantity" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppliers_business_idx" ON "suppliers" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each business's supplier texts become its suppliers: one per name however it was spelt in
-- case and spaces (the first spelling, by product id), each product linked to its own.
INSERT INTO "suppliers" ("id", "business_id", "name")
SELECT gen_random_uuid(), "business_id", "name"
FROM (
  SELECT DISTINCT ON ("business_id", lower(btrim("supplier"))) "business_id", btrim("supplier") AS "name"
  FROM "products"
  WHERE "supplier" IS NOT NULL AND btrim("supplier") <> ''
  ORDER BY "business_id", lower(btrim("supplier")), "id"
) AS "named";
--> statement-breakpoint
UPDATE "products" AS p
SET "supplier_id" = s."id"
FROM "suppliers" AS s
WHERE s."business_id" = p."business_id" AND lower(s."name") = lower(btrim(p."supplier"));
