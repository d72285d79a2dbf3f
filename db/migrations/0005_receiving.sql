CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"merchant_reference" text,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid NOT NULL,
	"settlement_pay_id_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text,
	"callback_url" text,
	"metadata" jsonb,
	"line_items" jsonb,
	"enabled_payment_methods" text[] NOT NULL,
	"crypto_assets" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"virtual_account_id" uuid,
	"dynamic_pay_id_id" uuid,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "dynamic_pay_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pay_id_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"session_id" uuid,
	"settlement_pay_id_id" uuid NOT NULL,
	"creator_pay_id_id" uuid NOT NULL,
	"creator_type" text NOT NULL,
	"name" text NOT NULL,
	"amount" bigint,
	"amount_validation" text DEFAULT 'A4' NOT NULL,
	"allow_multiple_payments" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"metadata" jsonb,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"amount_received" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"deactivated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dynamic_pay_ids_payIdId_unique" UNIQUE("pay_id_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"channel" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"destination_kind" text NOT NULL,
	"pay_id_id" uuid,
	"static_pay_id_id" uuid,
	"dynamic_pay_id_id" uuid,
	"virtual_account_id" uuid,
	"session_id" uuid,
	"settlement_pay_id_id" uuid NOT NULL,
	"merchant_reference" text,
	"customer_email" text,
	"customer_name" text,
	"payer" jsonb,
	"narration" text,
	"metadata" jsonb,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "session_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_pay_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pay_id_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"settlement_pay_id_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"source" text DEFAULT 'api' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_pay_ids_payIdId_unique" UNIQUE("pay_id_id")
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"reference" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key_pair_id" uuid,
	"session_id" uuid,
	"settlement_pay_id_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text,
	"account_number" text,
	"account_name" text,
	"amount" bigint,
	"amount_validation" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"metadata" jsonb,
	"failure_reason" text,
	"retired_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_accounts_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "virtual_accounts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_settlement_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("settlement_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_pay_ids" ADD CONSTRAINT "dynamic_pay_ids_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_pay_ids" ADD CONSTRAINT "dynamic_pay_ids_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_pay_ids" ADD CONSTRAINT "dynamic_pay_ids_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_pay_ids" ADD CONSTRAINT "dynamic_pay_ids_settlement_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("settlement_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_pay_ids" ADD CONSTRAINT "dynamic_pay_ids_creator_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("creator_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_session_id_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_pay_ids" ADD CONSTRAINT "static_pay_ids_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_pay_ids" ADD CONSTRAINT "static_pay_ids_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_pay_ids" ADD CONSTRAINT "static_pay_ids_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_pay_ids" ADD CONSTRAINT "static_pay_ids_settlement_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("settlement_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_key_pair_id_api_key_pairs_id_fk" FOREIGN KEY ("key_pair_id") REFERENCES "public"."api_key_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_settlement_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("settlement_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_active_reference_idx" ON "checkout_sessions" USING btree ("merchant_id","mode","merchant_reference") WHERE "checkout_sessions"."merchant_reference" is not null and "checkout_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "checkout_sessions_merchant_id_mode_created_at_index" ON "checkout_sessions" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "checkout_sessions_due_idx" ON "checkout_sessions" USING btree ("expires_at") WHERE "checkout_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "dynamic_pay_ids_merchant_id_mode_created_at_index" ON "dynamic_pay_ids" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "dynamic_pay_ids_due_idx" ON "dynamic_pay_ids" USING btree ("expires_at") WHERE "dynamic_pay_ids"."status" = 'active';--> statement-breakpoint
CREATE INDEX "payments_merchant_id_mode_created_at_index" ON "payments" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "payments_static_pay_id_id_index" ON "payments" USING btree ("static_pay_id_id") WHERE "payments"."static_pay_id_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_session_id_index" ON "payments" USING btree ("session_id") WHERE "payments"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "session_events_session_id_created_at_index" ON "session_events" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "static_pay_ids_merchant_id_mode_created_at_index" ON "static_pay_ids" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_number_idx" ON "virtual_accounts" USING btree ("mode","account_number") WHERE "virtual_accounts"."account_number" is not null;--> statement-breakpoint
CREATE INDEX "virtual_accounts_merchant_id_mode_created_at_index" ON "virtual_accounts" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "virtual_accounts_due_idx" ON "virtual_accounts" USING btree ("expires_at") WHERE "virtual_accounts"."status" = 'pending';