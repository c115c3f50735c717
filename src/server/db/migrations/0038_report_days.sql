CREATE TABLE "report_days" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"gst_cents" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"returns" integer DEFAULT 0 NOT NULL,
	"returned_units" integer DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"refund_gst_cents" bigint DEFAULT 0 NOT NULL,
	"restocked_cost_cents" bigint DEFAULT 0 NOT NULL,
	"rounding_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_business_id_dimension_day_key_pk" PRIMARY KEY("business_id","dimension","day","key")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "report_days_zone" text;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "producer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Lines sold before kept no category or producer: they take their product's as it is now.
UPDATE "sale_lines" AS l SET "category" = coalesce(p.category, ''), "producer" = p.producer
FROM "products" p WHERE p.id = l.product_id;
