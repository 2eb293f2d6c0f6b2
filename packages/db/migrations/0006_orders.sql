CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"seller_goods_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"names" jsonb NOT NULL,
	"attributes" jsonb NOT NULL,
	"image" text NOT NULL,
	"quantity" integer NOT NULL,
	"original_price" numeric(38, 10) NOT NULL,
	"unit_price" numeric(38, 10) NOT NULL,
	"system_price" numeric(38, 10) NOT NULL,
	"freight" numeric(38, 10) NOT NULL,
	"tax" numeric(38, 10) NOT NULL,
	"service_fee" numeric(38, 10) NOT NULL,
	"line_amount" numeric(38, 10) NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"key" text NOT NULL,
	"params" jsonb NOT NULL,
	"actor_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_submissions" (
	"key" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"status" text NOT NULL,
	"refund_state" text DEFAULT 'none' NOT NULL,
	"contacts" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"goods_count" integer NOT NULL,
	"original_amount" numeric(38, 10) NOT NULL,
	"goods_amount" numeric(38, 10) NOT NULL,
	"system_amount" numeric(38, 10) NOT NULL,
	"profit" numeric(38, 10) NOT NULL,
	"freight" numeric(38, 10) NOT NULL,
	"tax" numeric(38, 10) NOT NULL,
	"service_fee" numeric(38, 10) NOT NULL,
	"total" numeric(38, 10) NOT NULL,
	"commission_rate" numeric(38, 10) NOT NULL,
	"cancel_reason" text,
	"cancelled_by" text,
	"reminded_at" timestamp with time zone,
	"refund_reason" text,
	"refund_amount" numeric(38, 10),
	"refund_remark" text,
	"refund_images" jsonb,
	"payment_transfer_id" text,
	"pay_deadline_at" timestamp with time zone,
	"ship_deadline_at" timestamp with time zone,
	"auto_receive_at" timestamp with time zone,
	"auto_review_at" timestamp with time zone,
	"return_deadline_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_goods_idx" ON "order_items" USING btree ("seller_goods_id");--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_submissions_checkout_uq" ON "order_submissions" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_buyer_status_idx" ON "orders" USING btree ("buyer_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_pay_deadline_idx" ON "orders" USING btree ("pay_deadline_at") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_ship_deadline_idx" ON "orders" USING btree ("ship_deadline_at") WHERE "orders"."status" in ('paid', 'confirmed');--> statement-breakpoint
CREATE INDEX "orders_auto_receive_idx" ON "orders" USING btree ("auto_receive_at") WHERE "orders"."status" = 'shipped';--> statement-breakpoint
CREATE INDEX "orders_auto_review_idx" ON "orders" USING btree ("auto_review_at") WHERE "orders"."status" = 'received';