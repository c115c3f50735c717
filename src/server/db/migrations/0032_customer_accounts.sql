CREATE TABLE "account_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"receipt" text,
	"customer_order_id" uuid,
	"tender" text,
	"shift_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "account_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "member_number" text;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_entries_customer_idx" ON "account_entries" USING btree ("business_id","customer_id","made_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_member_number_unique" ON "customers" USING btree ("business_id","member_number") WHERE "customers"."member_number" is not null;