CREATE TABLE "seller_goods_views" (
	"seller_goods_id" text PRIMARY KEY NOT NULL,
	"views_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_goods" DROP COLUMN "views_num";