CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"producer" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"appellation" text DEFAULT '' NOT NULL,
	"luc" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"list_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost_price" numeric(12, 2),
	"retail_price" numeric(12, 2),
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"category" text,
	"supplier" text,
	"description" text,
	"barcode" text,
	"custom_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sale_date" date
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "catalogue_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_business_idx" ON "products" USING btree ("business_id","id");