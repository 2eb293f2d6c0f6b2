ALTER TABLE "orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_shop_refund_idx" ON "orders" USING btree ("shop_id","refund_requested_at" DESC NULLS LAST) WHERE "orders"."refund_state" <> 'none';--> statement-breakpoint
CREATE INDEX "orders_refund_queue_idx" ON "orders" USING btree ("refund_requested_at") WHERE "orders"."refund_state" = 'requested';