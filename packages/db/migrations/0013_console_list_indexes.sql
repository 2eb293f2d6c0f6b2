DROP INDEX "recharge_orders_state_idx";--> statement-breakpoint
DROP INDEX "withdraw_orders_state_idx";--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recharge_orders_approved_idx" ON "recharge_orders" USING btree ("reviewed_at") WHERE "recharge_orders"."state" = 'approved';--> statement-breakpoint
CREATE INDEX "recharge_orders_created_idx" ON "recharge_orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdraw_orders_approved_idx" ON "withdraw_orders" USING btree ("reviewed_at") WHERE "withdraw_orders"."state" = 'approved';--> statement-breakpoint
CREATE INDEX "withdraw_orders_created_idx" ON "withdraw_orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recharge_orders_state_idx" ON "recharge_orders" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdraw_orders_state_idx" ON "withdraw_orders" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);