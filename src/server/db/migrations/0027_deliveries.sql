CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"order_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"invoice_number" text DEFAULT '' NOT NULL,
	"invoice_date" date,
	"total_cents" integer,
	"freight_cents" integer DEFAULT 0 NOT NULL,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"difference_cents" integer
);
--> statement-breakpoint
CREATE TABLE "delivery_costs" (
	"delivery_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"line_cents" integer NOT NULL,
	CONSTRAINT "delivery_costs_delivery_id_product_id_pk" PRIMARY KEY("delivery_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_counts" (
	"delivery_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"received" integer NOT NULL,
	"damaged" integer NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"counted_by" uuid,
	CONSTRAINT "delivery_counts_delivery_id_device_id_product_id_pk" PRIMARY KEY("delivery_id","device_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_lines" (
	"delivery_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"received" integer NOT NULL,
	"damaged" integer NOT NULL,
	"line_cents" integer NOT NULL,
	"freight_cents" integer NOT NULL,
	"received_cents" integer NOT NULL,
	"luc_before_cents" integer NOT NULL,
	"luc_after_cents" integer NOT NULL,
	CONSTRAINT "delivery_lines_delivery_id_product_id_pk" PRIMARY KEY("delivery_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_costs" ADD CONSTRAINT "delivery_costs_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_costs" ADD CONSTRAINT "delivery_costs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_counts" ADD CONSTRAINT "delivery_counts_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_counts" ADD CONSTRAINT "delivery_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_counts" ADD CONSTRAINT "delivery_counts_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_business_idx" ON "deliveries" USING btree ("business_id","started_at");--> statement-breakpoint
CREATE INDEX "deliveries_order_idx" ON "deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_lines_product_idx" ON "delivery_lines" USING btree ("product_id");