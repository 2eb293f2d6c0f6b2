ALTER TABLE "withdraw_addresses" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdraw_addresses" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "review_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "withdraw_orders_user_address_approved_idx" ON "withdraw_orders" USING btree ("user_id","to_address") WHERE "withdraw_orders"."state" = 'approved';