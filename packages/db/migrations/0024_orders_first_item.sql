-- The buyer's order list shows each order's first item (the one with the smallest id): it is copied onto
-- the order when the order is placed, instead of one item read per listed order (issue 17). Existing
-- orders take theirs from their items; an order without items (none is ever placed) shows an empty line.
ALTER TABLE "orders" ADD COLUMN "first_item_names" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_item_image" text;--> statement-breakpoint
UPDATE "orders" SET "first_item_names" = "first"."names", "first_item_image" = "first"."image"
  FROM (SELECT DISTINCT ON ("order_id") "order_id", "names", "image" FROM "order_items" ORDER BY "order_id", "id") AS "first"
  WHERE "first"."order_id" = "orders"."id";--> statement-breakpoint
UPDATE "orders" SET "first_item_names" = '{"en": ""}'::jsonb, "first_item_image" = '' WHERE "first_item_names" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "first_item_names" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "first_item_image" SET NOT NULL;
