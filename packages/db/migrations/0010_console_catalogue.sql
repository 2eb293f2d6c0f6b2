CREATE INDEX "users_username_key_prefix_idx" ON "users" USING btree ("username_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "goods_top_category_idx" ON "goods" USING btree ("top_category_id");--> statement-breakpoint
CREATE INDEX "goods_created_idx" ON "goods" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_names_trgm_idx" ON "goods" USING gin (lower(coalesce("names" ->> 'en', '') || ' ' || coalesce("names" ->> 'zh-CN', '') || ' ' || coalesce("names" ->> 'zh-TW', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_status_created_idx" ON "shops" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);