CREATE TABLE "loans" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"real_name" text NOT NULL,
	"identification" text NOT NULL,
	"country_id" integer NOT NULL,
	"img_certificate_face" text NOT NULL,
	"img_certificate_back" text NOT NULL,
	"img_certificate_hand" text NOT NULL,
	"credit_period" integer NOT NULL,
	"amount" numeric(38, 10) NOT NULL,
	"credit_rate" numeric(38, 10) NOT NULL,
	"default_rate" numeric(38, 10) NOT NULL,
	"total_interest" numeric(38, 10) NOT NULL,
	"total_repayment" numeric(38, 10) NOT NULL,
	"actual_repayment" numeric(38, 10),
	"overdue_interest" numeric(38, 10),
	"reject_reason" text DEFAULT '' NOT NULL,
	"reapply_of" text,
	"proposed_by" text,
	"proposed_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"repaid_at" timestamp with time zone,
	"disbursement_transfer_id" text,
	"repayment_transfer_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_owners" (
	"blob_key" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "upload_owners_blob_key_user_id_pk" PRIMARY KEY("blob_key","user_id")
);
--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_unfinished_uq" ON "loans" USING btree ("user_id") WHERE "loans"."state" in ('pending', 'approved', 'overdue');--> statement-breakpoint
CREATE INDEX "loans_state_idx" ON "loans" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "loans_due_idx" ON "loans" USING btree ("due_at") WHERE "loans"."state" = 'approved';--> statement-breakpoint
INSERT INTO "upload_owners" ("blob_key", "user_id", "created_at") SELECT "blob_key", "uploaded_by", "created_at" FROM "uploads" WHERE "uploaded_by" IS NOT NULL ON CONFLICT DO NOTHING;
