CREATE TABLE "sale_lines" (
	"sale_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"luc_cents" integer NOT NULL,
	"taxable" boolean NOT NULL,
	"discount" jsonb,
	"net_cents" integer NOT NULL,
	CONSTRAINT "sale_lines_sale_id_line_no_pk" PRIMARY KEY("sale_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"receipt" text NOT NULL,
	"user_id" uuid,
	"made_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"rounding_cents" integer NOT NULL,
	"change_cents" integer NOT NULL,
	"discount" jsonb,
	"tenders" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_lines_product_idx" ON "sale_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_receipt_unique" ON "sales" USING btree ("business_id","receipt");--> statement-breakpoint
CREATE INDEX "sales_business_made_idx" ON "sales" USING btree ("business_id","made_at");