CREATE TABLE "tills" (
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tills_business_id_code_pk" PRIMARY KEY("business_id","code")
);
--> statement-breakpoint
ALTER TABLE "tills" ADD CONSTRAINT "tills_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tills_device_unique" ON "tills" USING btree ("business_id","device_id");