CREATE TABLE "information_pages" (
	"brand" text NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "information_pages_brand_slug_locale_pk" PRIMARY KEY("brand","slug","locale")
);
