ALTER TABLE "login_failures" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_client_idx" ON "login_failures" USING btree ("client","failed_at");