CREATE TABLE "seller_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"shop_name" text NOT NULL,
	"logo" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"country_id" integer NOT NULL,
	"description" text NOT NULL,
	"documents" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_goods" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "seller_applications_user_idx" ON "seller_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "seller_applications_queue_idx" ON "seller_applications" USING btree ("state","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "seller_applications_recent_idx" ON "seller_applications" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_applications_one_pending_uq" ON "seller_applications" USING btree ("user_id") WHERE "seller_applications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "seller_goods_shop_listed_idx" ON "seller_goods" USING btree ("shop_id","created_at" DESC NULLS LAST,"id") WHERE "seller_goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "seller_goods_shop_goods_idx" ON "seller_goods" USING btree ("shop_id","goods_id");--> statement-breakpoint
CREATE INDEX "reviews_shop_idx" ON "reviews" USING btree ("shop_id","created_at" DESC NULLS LAST,"id");