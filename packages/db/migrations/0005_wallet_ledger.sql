CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"owner_id" text,
	"currency" text NOT NULL,
	"debits_posted" numeric(38, 10) NOT NULL,
	"credits_posted" numeric(38, 10) NOT NULL,
	"debits_pending" numeric(38, 10) NOT NULL,
	"credits_pending" numeric(38, 10) NOT NULL,
	"debits_must_not_exceed_credits" boolean DEFAULT false NOT NULL,
	"credits_must_not_exceed_debits" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" numeric(38, 10) NOT NULL,
	"pending_debit_change" numeric(38, 10) NOT NULL,
	"pending_credit_change" numeric(38, 10) NOT NULL,
	"balance_before" numeric(38, 10) NOT NULL,
	"balance_after" numeric(38, 10) NOT NULL,
	"available_before" numeric(38, 10) NOT NULL,
	"available_after" numeric(38, 10) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"debit_account_id" text NOT NULL,
	"credit_account_id" text NOT NULL,
	"amount" numeric(38, 10) NOT NULL,
	"currency" text NOT NULL,
	"phase" text NOT NULL,
	"pending_id" text,
	"pending_state" text,
	"reversal_of" text,
	"reference_type" text,
	"reference_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"lock_stage" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"coin" text NOT NULL,
	"blockchain_name" text DEFAULT '' NOT NULL,
	"channel_address" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"tx_hash" text DEFAULT '' NOT NULL,
	"proof_image_url" text DEFAULT '' NOT NULL,
	"amount" numeric(38, 10) NOT NULL,
	"rate" numeric(38, 10) NOT NULL,
	"credit_amount" numeric(38, 10) NOT NULL,
	"fee" numeric(38, 10) NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"provider_reference" text DEFAULT '' NOT NULL,
	"fiat_currency" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"card_number_masked" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"transfer_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_session_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_addresses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"blockchain_name" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"coin" text NOT NULL,
	"blockchain_name" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(38, 10) NOT NULL,
	"fee" numeric(38, 10) NOT NULL,
	"arrival_amount" numeric(38, 10) NOT NULL,
	"state" text NOT NULL,
	"tx_hash" text DEFAULT '' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"hold_transfer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_uq" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_pending_idx" ON "ledger_transfers" USING btree ("pending_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reversal_uq" ON "ledger_transfers" USING btree ("reversal_of") WHERE "ledger_transfers"."reversal_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_resolution_uq" ON "ledger_transfers" USING btree ("pending_id") WHERE "ledger_transfers"."pending_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_uq" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_uq" ON "operators" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_order_no_uq" ON "recharge_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recharge_orders_state_idx" ON "recharge_orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_provider_ref_uq" ON "recharge_orders" USING btree ("provider","provider_reference") WHERE "recharge_orders"."provider_reference" <> '';--> statement-breakpoint
CREATE INDEX "wallet_session_tokens_user_idx" ON "wallet_session_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_orders_order_no_uq" ON "withdraw_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "withdraw_orders_user_idx" ON "withdraw_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdraw_orders_state_idx" ON "withdraw_orders" USING btree ("state","created_at");--> statement-breakpoint
-- Entries record what happened: never changed, never removed.
CREATE FUNCTION ledger_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
-- Balances and amounts can never go negative in the stored totals.
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_totals_non_negative CHECK (debits_posted >= 0 AND credits_posted >= 0 AND debits_pending >= 0 AND credits_pending >= 0);
--> statement-breakpoint
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_amount_positive CHECK (amount > 0);
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_debit_flag CHECK (NOT debits_must_not_exceed_credits OR debits_posted + debits_pending <= credits_posted);
