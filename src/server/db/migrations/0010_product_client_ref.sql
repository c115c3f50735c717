ALTER TABLE "products" ADD COLUMN "client_ref" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "products_client_ref_unique" ON "products" USING btree ("business_id","client_ref");