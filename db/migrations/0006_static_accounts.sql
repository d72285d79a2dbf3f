CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"static_account_id" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"rejection_reason" text,
	"failure_reason" text,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"payment_count" integer NOT NULL,
	"gross" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"net" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"reference" text NOT NULL,
	"destination" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"failure_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_payouts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "settlement_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"destination" text DEFAULT 'wallet' NOT NULL,
	"wallet_pay_id_id" uuid,
	"bank_code" text,
	"account_number" text,
	"account_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_account_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_account_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"static_account_id" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"payer" jsonb,
	"narration" text,
	"session_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settlement_status" text DEFAULT 'pending_settlement' NOT NULL,
	"expected_payout_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"batch_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_account_payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "static_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"identity_type" text NOT NULL,
	"identity_number_hash" text NOT NULL,
	"identity_last4" text NOT NULL,
	"metadata" jsonb,
	"inflow_count" integer DEFAULT 0 NOT NULL,
	"total_received" bigint DEFAULT 0 NOT NULL,
	"last_payment_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_static_account_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."static_account_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_static_account_id_static_accounts_id_fk" FOREIGN KEY ("static_account_id") REFERENCES "public"."static_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payouts" ADD CONSTRAINT "settlement_payouts_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payouts" ADD CONSTRAINT "settlement_payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_settings" ADD CONSTRAINT "settlement_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_settings" ADD CONSTRAINT "settlement_settings_wallet_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("wallet_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_account_attempts" ADD CONSTRAINT "static_account_attempts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_account_payments" ADD CONSTRAINT "static_account_payments_static_account_id_static_accounts_id_fk" FOREIGN KEY ("static_account_id") REFERENCES "public"."static_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_account_payments" ADD CONSTRAINT "static_account_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_accounts" ADD CONSTRAINT "static_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_accounts" ADD CONSTRAINT "static_accounts_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_open_idx" ON "refunds" USING btree ("payment_id") WHERE "refunds"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "refunds_merchant_id_mode_created_at_index" ON "refunds" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "settlement_batches_merchant_id_mode_created_at_index" ON "settlement_batches" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "settlement_batches_status_idx" ON "settlement_batches" USING btree ("status");--> statement-breakpoint
CREATE INDEX "settlement_payouts_batch_id_index" ON "settlement_payouts" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_settings_merchant_idx" ON "settlement_settings" USING btree ("merchant_id","mode");--> statement-breakpoint
CREATE INDEX "static_account_attempts_merchant_id_mode_kind_created_at_index" ON "static_account_attempts" USING btree ("merchant_id","mode","kind","created_at");--> statement-breakpoint
CREATE INDEX "static_account_payments_static_account_id_created_at_index" ON "static_account_payments" USING btree ("static_account_id","created_at");--> statement-breakpoint
CREATE INDEX "static_account_payments_merchant_id_mode_created_at_index" ON "static_account_payments" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "static_account_payments_due_idx" ON "static_account_payments" USING btree ("mode","expected_payout_at") WHERE "static_account_payments"."settlement_status" = 'pending_settlement';--> statement-breakpoint
CREATE INDEX "static_account_payments_batch_id_index" ON "static_account_payments" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "static_accounts_reference_idx" ON "static_accounts" USING btree ("merchant_id","mode","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "static_accounts_number_idx" ON "static_accounts" USING btree ("mode","account_number");--> statement-breakpoint
CREATE INDEX "static_accounts_merchant_id_mode_created_at_index" ON "static_accounts" USING btree ("merchant_id","mode","created_at");