-- Rails (supplement §11): live money through licensed providers.
-- Raw webhook deliveries, stored before they are answered and processed from the row.
CREATE TABLE "rail_webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rail" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"detail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "rail_webhooks_dedupe_idx" ON "rail_webhooks" USING btree ("rail","dedupe_key");--> statement-breakpoint
CREATE INDEX "rail_webhooks_due_idx" ON "rail_webhooks" USING btree ("next_attempt_at") WHERE "rail_webhooks"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "rail_webhooks_recent_idx" ON "rail_webhooks" USING btree ("rail","received_at");--> statement-breakpoint
-- Money a rail received that matches no instrument: held in suspense until an admin assigns or returns it.
CREATE TABLE "rail_suspense" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rail" text NOT NULL,
	"provider_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"provider_fee" bigint DEFAULT 0 NOT NULL,
	"account_number" text,
	"account_reference" text,
	"payer" jsonb,
	"session_id" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"merchant_id" uuid REFERENCES "merchants"("id"),
	"payment_reference" text,
	"return_reference" text,
	"note" text,
	"resolved_by" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "rail_suspense_provider_reference_idx" ON "rail_suspense" USING btree ("rail","provider_reference");--> statement-breakpoint
CREATE INDEX "rail_suspense_open_idx" ON "rail_suspense" USING btree ("received_at") WHERE "rail_suspense"."status" = 'open';--> statement-breakpoint
-- Where a payout went and what the provider calls it; what needs a person; the provider's fee.
ALTER TABLE "transfers" ADD COLUMN "rail" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "rail_reference" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "rail_attention" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "rail_fee" bigint;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "rails_refused" text[];--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "status_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "transfers_rail_reference_idx" ON "transfers" USING btree ("rail","rail_reference") WHERE "transfers"."rail_reference" is not null;--> statement-breakpoint
CREATE INDEX "transfers_rail_attention_idx" ON "transfers" USING btree ("updated_at") WHERE "transfers"."rail_attention" is not null and "transfers"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "rail" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "rail_reference" text;--> statement-breakpoint
ALTER TABLE "static_accounts" ADD COLUMN "rail" text;--> statement-breakpoint
ALTER TABLE "static_accounts" ADD COLUMN "rail_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rail" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rail_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rail_fee" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_rail_reference_idx" ON "payments" USING btree ("rail","rail_reference") WHERE "payments"."rail_reference" is not null;--> statement-breakpoint
ALTER TABLE "settlement_payouts" ADD COLUMN "rail" text;
