ALTER TABLE "sales" ADD COLUMN "cost_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "sales" SET "cost_cents" = coalesce((SELECT sum("luc_cents" * "quantity") FROM "sale_lines" WHERE "sale_lines"."sale_id" = "sales"."id"), 0);
