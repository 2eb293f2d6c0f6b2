DROP INDEX "users_referrer_idx";--> statement-breakpoint
DROP INDEX "favorite_goods_user_idx";--> statement-breakpoint
DROP INDEX "shop_follows_user_idx";--> statement-breakpoint
DROP INDEX "kyc_submissions_queue_idx";--> statement-breakpoint
DROP INDEX "kyc_submissions_recent_idx";--> statement-breakpoint
DROP INDEX "loans_user_idx";--> statement-breakpoint
DROP INDEX "order_items_order_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_idx";--> statement-breakpoint
DROP INDEX "orders_shop_idx";--> statement-breakpoint
DROP INDEX "reviews_goods_idx";--> statement-breakpoint
DROP INDEX "reviews_shop_idx";--> statement-breakpoint
DROP INDEX "seller_applications_queue_idx";--> statement-breakpoint
DROP INDEX "seller_applications_recent_idx";--> statement-breakpoint
DROP INDEX "recharge_orders_user_idx";--> statement-breakpoint
DROP INDEX "withdraw_orders_user_idx";--> statement-breakpoint
CREATE INDEX "users_referrer_idx" ON "users" USING btree ("referrer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."referrer_id" is not null;--> statement-breakpoint
CREATE INDEX "favorite_goods_user_idx" ON "favorite_goods" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_follows_user_idx" ON "shop_follows" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "kyc_submissions_queue_idx" ON "kyc_submissions" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "kyc_submissions_recent_idx" ON "kyc_submissions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_goods_idx" ON "reviews" USING btree ("seller_goods_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_shop_idx" ON "reviews" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "seller_applications_queue_idx" ON "seller_applications" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "seller_applications_recent_idx" ON "seller_applications" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdraw_orders_user_idx" ON "withdraw_orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);