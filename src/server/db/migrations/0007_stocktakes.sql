CREATE TABLE "stocktake_expected" (
	"stocktake_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"expected" integer NOT NULL,
	CONSTRAINT "stocktake_expected_stocktake_id_product_id_pk" PRIMARY KEY("stocktake_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stocktake_lines" (
	"stocktake_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stocktake_lines_stocktake_id_product_id_user_id_device_id_pk" PRIMARY KEY("stocktake_id","product_id","user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "stocktakes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"category" text,
	"search" text,
	"scan_mode" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"snapshot_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stocktake_expected" ADD CONSTRAINT "stocktake_expected_stocktake_id_stocktakes_id_fk" FOREIGN KEY ("stocktake_id") REFERENCES "public"."stocktakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_expected" ADD CONSTRAINT "stocktake_expected_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_lines" ADD CONSTRAINT "stocktake_lines_stocktake_id_stocktakes_id_fk" FOREIGN KEY ("stocktake_id") REFERENCES "public"."stocktakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_lines" ADD CONSTRAINT "stocktake_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_lines" ADD CONSTRAINT "stocktake_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktakes" ADD CONSTRAINT "stocktakes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktakes" ADD CONSTRAINT "stocktakes_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stocktakes_business_idx" ON "stocktakes" USING btree ("business_id","started_at");