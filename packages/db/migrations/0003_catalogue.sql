CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"contacts" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"country_id" integer NOT NULL,
	"province_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"country" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"level" smallint NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"top_category_id" text NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"units" jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"system_price" numeric(38, 10) NOT NULL,
	"buy_min" integer DEFAULT 1 NOT NULL,
	"freight_dispatch" numeric(38, 10) NOT NULL,
	"freight_long_distance" numeric(38, 10) NOT NULL,
	"freight_delivery" numeric(38, 10) NOT NULL,
	"attributes" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_skus" (
	"id" text PRIMARY KEY NOT NULL,
	"goods_id" text NOT NULL,
	"value_ids" jsonb NOT NULL,
	"price" numeric(38, 10) NOT NULL,
	"stock" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_goods" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"category_id" text NOT NULL,
	"top_category_id" text NOT NULL,
	"profit_ratio" numeric(10, 4) NOT NULL,
	"selling_price" numeric(38, 10) NOT NULL,
	"discount_ratio" numeric(10, 4),
	"discount_start_at" timestamp with time zone,
	"discount_end_at" timestamp with time zone,
	"is_shelf" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"new_at" timestamp with time zone,
	"is_hot" boolean DEFAULT false NOT NULL,
	"rec_at" timestamp with time zone,
	"sold_num" integer DEFAULT 0 NOT NULL,
	"views_num" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"good_review_count" integer DEFAULT 0 NOT NULL,
	"medium_review_count" integer DEFAULT 0 NOT NULL,
	"bad_review_count" integer DEFAULT 0 NOT NULL,
	"picture_review_count" integer DEFAULT 0 NOT NULL,
	"search_text" text NOT NULL,
	"search_tokens" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_tokens)) STORED,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_goods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"seller_goods_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_follows" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"order_item_id" text NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"seller_goods_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text,
	"rating" text NOT NULL,
	"score" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb NOT NULL,
	"has_images" boolean DEFAULT false NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"banner_url" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"rec_at" timestamp with time zone,
	"views_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","rank");--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "goods_skus_goods_idx" ON "goods_skus" USING btree ("goods_id","sort");--> statement-breakpoint
CREATE INDEX "seller_goods_sold_idx" ON "seller_goods" USING btree ("sold_num" DESC NULLS LAST,"id") WHERE "seller_goods"."visible";--> statement-breakpoint
CREATE INDEX "seller_goods_category_sold_idx" ON "seller_goods" USING btree ("category_id","sold_num" DESC NULLS LAST,"id") WHERE "seller_goods"."visible";--> statement-breakpoint
CREATE INDEX "seller_goods_top_category_sold_idx" ON "seller_goods" USING btree ("top_category_id","sold_num" DESC NULLS LAST,"id") WHERE "seller_goods"."visible";--> statement-breakpoint
CREATE INDEX "seller_goods_price_idx" ON "seller_goods" USING btree ("selling_price","id") WHERE "seller_goods"."visible";--> statement-breakpoint
CREATE INDEX "seller_goods_category_price_idx" ON "seller_goods" USING btree ("category_id","selling_price","id") WHERE "seller_goods"."visible";--> statement-breakpoint
CREATE INDEX "seller_goods_top_category_price_idx" ON "seller_goods" USING btree ("top_category_id","selling_price","id") WHERE "seller_goods"."visible";--> statement-breakpoint
CREATE INDEX "seller_goods_new_idx" ON "seller_goods" USING btree ("new_at" DESC NULLS LAST,"id") WHERE "seller_goods"."visible" and "seller_goods"."is_new";--> statement-breakpoint
CREATE INDEX "seller_goods_hot_idx" ON "seller_goods" USING btree ("sold_num" DESC NULLS LAST,"id") WHERE "seller_goods"."visible" and "seller_goods"."is_hot";--> statement-breakpoint
CREATE INDEX "seller_goods_rec_idx" ON "seller_goods" USING btree ("rec_at" DESC NULLS LAST,"id") WHERE "seller_goods"."visible" and "seller_goods"."rec_at" is not null;--> statement-breakpoint
CREATE INDEX "seller_goods_discount_idx" ON "seller_goods" USING btree ("discount_end_at") WHERE "seller_goods"."visible" and "seller_goods"."discount_ratio" is not null;--> statement-breakpoint
CREATE INDEX "seller_goods_shop_sold_idx" ON "seller_goods" USING btree ("shop_id","sold_num" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "seller_goods_goods_idx" ON "seller_goods" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "seller_goods_search_vector_idx" ON "seller_goods" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "seller_goods_search_text_idx" ON "seller_goods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_goods_user_goods_uq" ON "favorite_goods" USING btree ("user_id","seller_goods_id");--> statement-breakpoint
CREATE INDEX "favorite_goods_user_idx" ON "favorite_goods" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_follows_user_shop_uq" ON "shop_follows" USING btree ("user_id","shop_id");--> statement-breakpoint
CREATE INDEX "shop_follows_user_idx" ON "shop_follows" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "shop_follows_shop_idx" ON "shop_follows" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "reviews_goods_idx" ON "reviews" USING btree ("seller_goods_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "reviews_goods_rating_idx" ON "reviews" USING btree ("seller_goods_id","rating","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_order_item_idx" ON "reviews" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "shops_rec_idx" ON "shops" USING btree ("rec_at" DESC NULLS LAST,"id") WHERE "shops"."status" = 'open' and "shops"."rec_at" is not null;--> statement-breakpoint
CREATE INDEX "shops_open_idx" ON "shops" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "shops"."status" = 'open';--> statement-breakpoint
CREATE INDEX "shops_name_trgm_idx" ON "shops" USING gin (lower("name") gin_trgm_ops);