CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"static_accounts" text DEFAULT 'disabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_user_id_merchant_id_pk" PRIMARY KEY("user_id","merchant_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "pay_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"handle" text NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"pay_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key_pairs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"name" text DEFAULT 'API key' NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_prefix" text NOT NULL,
	"secret_last4" text NOT NULL,
	"public_key" text NOT NULL,
	"permissions" text[] NOT NULL,
	"webhook_url" text,
	"webhook_secret" text NOT NULL,
	"previous_webhook_secret" text,
	"webhook_secret_rotated_at" timestamp with time zone,
	"settlement_pay_id_id" uuid,
	"wallet_pay_id_id" uuid,
	"allowed_domains" text[] DEFAULT '{}' NOT NULL,
	"payment_methods" text[] DEFAULT '{"bank_transfer","payid"}' NOT NULL,
	"crypto_assets" text[] DEFAULT '{}' NOT NULL,
	"rate_limit" integer DEFAULT 100 NOT NULL,
	"initialize_limit" integer DEFAULT 30 NOT NULL,
	"rolled_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_pairs_secretHash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "api_key_pairs_publicKey_unique" UNIQUE("public_key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid,
	"actor_type" text NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"changes" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_ids" ADD CONSTRAINT "pay_ids_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_pairs" ADD CONSTRAINT "api_key_pairs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_pairs" ADD CONSTRAINT "api_key_pairs_settlement_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("settlement_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_pairs" ADD CONSTRAINT "api_key_pairs_wallet_pay_id_id_pay_ids_id_fk" FOREIGN KEY ("wallet_pay_id_id") REFERENCES "public"."pay_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_merchant_id_index" ON "memberships" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_ids_mode_pay_id_index" ON "pay_ids" USING btree ("mode","pay_id");--> statement-breakpoint
CREATE INDEX "pay_ids_merchant_id_mode_kind_index" ON "pay_ids" USING btree ("merchant_id","mode","kind");--> statement-breakpoint
CREATE INDEX "api_key_pairs_merchant_id_mode_index" ON "api_key_pairs" USING btree ("merchant_id","mode");--> statement-breakpoint
CREATE INDEX "audit_log_merchant_id_created_at_index" ON "audit_log" USING btree ("merchant_id","created_at");