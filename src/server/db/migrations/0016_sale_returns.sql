CREATE TABLE "sale_return_lines" (
	"return_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"quantity" integer NOT NULL,
	"resaleable" boolean NOT NULL,
	"refund_cents" integer NOT NULL,
	CONSTRAINT "sale_return_lines_return_id_line_no_pk" PRIMARY KEY("return_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "sale_returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"receipt" text NOT NULL,
	"user_id" uuid,
	"made_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"restocked_cost_cents" integer NOT NULL,
	"tender" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_return_id_sale_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sale_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_returns_receipt_unique" ON "sale_returns" USING btree ("business_id","receipt");--> statement-breakpoint
CREATE INDEX "sale_returns_business_made_idx" ON "sale_returns" USING btree ("business_id","made_at");--> statement-breakpoint
CREATE INDEX "sale_returns_sale_idx" ON "sale_returns" USING btree ("sale_id");