CREATE TABLE "kyc_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"level" text NOT NULL,
	"state" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"country_id" integer,
	"document_type" text DEFAULT '' NOT NULL,
	"document_number" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"pictures" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","level","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kyc_submissions_queue_idx" ON "kyc_submissions" USING btree ("state","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_recent_idx" ON "kyc_submissions" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending_uq" ON "kyc_submissions" USING btree ("user_id","level") WHERE "kyc_submissions"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_approved_uq" ON "kyc_submissions" USING btree ("user_id","level") WHERE "kyc_submissions"."state" = 'approved';