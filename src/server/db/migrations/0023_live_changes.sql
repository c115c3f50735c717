CREATE SEQUENCE "public"."change_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "change_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "businesses_changed_at_idx" ON "businesses" USING btree ("changed_at");