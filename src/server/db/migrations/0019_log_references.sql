ALTER TABLE "product_changes" DROP CONSTRAINT "product_changes_business_id_businesses_id_fk";
--> statement-breakpoint
ALTER TABLE "product_changes" DROP CONSTRAINT "product_changes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_business_id_businesses_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_user_id_users_id_fk";
