CREATE TABLE "approval_checks" (
	"sale_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"digest" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_numbers" (
	"business_id" uuid NOT NULL,
	"receipt" text NOT NULL,
	"sale_id" uuid,
	"return_id" uuid,
	CONSTRAINT "receipt_numbers_business_id_receipt_pk" PRIMARY KEY("business_id","receipt")
);
--> statement-breakpoint
ALTER TABLE "approval_pins" ADD COLUMN "failed_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_pins" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "shelf_cents" integer;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD COLUMN "claims" jsonb;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "approval" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "approval_problem" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "claims" jsonb;--> statement-breakpoint
ALTER TABLE "approval_checks" ADD CONSTRAINT "approval_checks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_checks" ADD CONSTRAINT "approval_checks_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_numbers" ADD CONSTRAINT "receipt_numbers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_changes_edits_idx" ON "product_changes" USING btree ("business_id","product_id","at") WHERE "product_changes"."kind" <> 'stock';--> statement-breakpoint
CREATE INDEX "sales_unconfirmed_idx" ON "sales" USING btree ("business_id","made_at") WHERE "sales"."approval" = 'not-confirmed';--> statement-breakpoint
-- Receipt numbers in their one spelling ('t2-0000137' → 'T2-000137'), where that spelling is free.
UPDATE "sales" AS s SET "receipt" = c.canonical
FROM (
  SELECT id, canonical FROM (
    SELECT s2.id, s2.business_id, m[1] || '-' || lpad(m[2]::bigint::text, 6, '0') AS canonical,
      row_number() OVER (
        PARTITION BY s2.business_id, m[1] || '-' || lpad(m[2]::bigint::text, 6, '0')
        ORDER BY s2.made_at
      ) AS nth
    FROM "sales" AS s2,
      regexp_match(upper(btrim(s2.receipt)), '^(T[1-9][0-9]{0,3})-([0-9]{6,9})$') AS m
    WHERE m IS NOT NULL
  ) AS spelled
  WHERE nth = 1 AND NOT EXISTS (
    SELECT 1 FROM "sales" AS o WHERE o.business_id = spelled.business_id AND o.receipt = spelled.canonical
  )
) AS c
WHERE s.id = c.id AND s.receipt <> c.canonical;
--> statement-breakpoint
UPDATE "sale_returns" AS r SET "receipt" = c.canonical
FROM (
  SELECT id, canonical FROM (
    SELECT r2.id, r2.business_id, m[1] || '-' || lpad(m[2]::bigint::text, 6, '0') AS canonical,
      row_number() OVER (
        PARTITION BY r2.business_id, m[1] || '-' || lpad(m[2]::bigint::text, 6, '0')
        ORDER BY r2.made_at
      ) AS nth
    FROM "sale_returns" AS r2,
      regexp_match(upper(btrim(r2.receipt)), '^(T[1-9][0-9]{0,3})-([0-9]{6,9})$') AS m
    WHERE m IS NOT NULL
  ) AS spelled
  WHERE nth = 1 AND NOT EXISTS (
    SELECT 1 FROM "sale_returns" AS o WHERE o.business_id = spelled.business_id AND o.receipt = spelled.canonical
  )
) AS c
WHERE r.id = c.id AND r.receipt <> c.canonical;
--> statement-breakpoint
-- Every number used so far; a return that reused a sale's number leaves it to the sale.
INSERT INTO "receipt_numbers" ("business_id", "receipt", "sale_id")
SELECT "business_id", "receipt", "id" FROM "sales" ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "receipt_numbers" ("business_id", "receipt", "return_id")
SELECT "business_id", "receipt", "id" FROM "sale_returns" ON CONFLICT DO NOTHING;
