-- Automatic payouts (supplement §13): a payout account and schedule per merchant and mode.
CREATE TABLE "payout_settings" (
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"hour" integer DEFAULT 10 NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"reserve" bigint DEFAULT 0 NOT NULL,
	"last_run_period" text,
	"last_run_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_merchant_id_mode_pk" PRIMARY KEY("merchant_id","mode"),
	CONSTRAINT "payout_settings_hour" CHECK ("payout_settings"."hour" between 0 and 23),
	CONSTRAINT "payout_settings_weekday" CHECK ("payout_settings"."weekday" between 1 and 7),
	CONSTRAINT "payout_settings_reserve" CHECK ("payout_settings"."reserve" >= 0)
);--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- GET /v1/checkout/payouts and the dashboard's Payouts list: a merchant's payouts, newest first.
CREATE INDEX "transfers_payouts_idx" ON "transfers" USING btree ("merchant_id","mode","created_at","id") WHERE "transfers"."source" = 'payout';
