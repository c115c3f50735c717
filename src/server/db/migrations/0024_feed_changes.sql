CREATE TABLE "feed_records" (
	"business_id" uuid NOT NULL,
	"feed" text NOT NULL,
	"record_key" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "feed_records_business_id_feed_record_key_pk" PRIMARY KEY("business_id","feed","record_key")
);
--> statement-breakpoint
CREATE TABLE "feed_versions" (
	"business_id" uuid NOT NULL,
	"feed" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "feed_versions_business_id_feed_pk" PRIMARY KEY("business_id","feed")
);
--> statement-breakpoint
ALTER TABLE "feed_records" ADD CONSTRAINT "feed_records_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_versions" ADD CONSTRAINT "feed_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_records_version_idx" ON "feed_records" USING btree ("business_id","feed","version");