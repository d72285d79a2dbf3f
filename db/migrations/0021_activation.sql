-- Activation (supplement §13): live mode opens only after an admin approves the merchant's request.
ALTER TABLE "merchants" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
-- Merchants that existed before activation were made when live mode was open to all: they stay active.
UPDATE "merchants" SET "activated_at" = "created_at";--> statement-breakpoint
CREATE TABLE "activation_requests" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"legal_name" text,
	"rc_number" text,
	"address" text,
	"owner_name" text,
	"identity_type" text,
	"identity_last4" text,
	"identity_outcome" text,
	"identity_note" text,
	"identity_checked_at" timestamp with time zone,
	"payout_bank_code" text,
	"payout_account_number" text,
	"payout_account_name" text,
	"payout_verified_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "activation_requests" ADD CONSTRAINT "activation_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The admin review queue: submitted requests, oldest first.
CREATE INDEX "activation_requests_queue_idx" ON "activation_requests" USING btree ("submitted_at") WHERE "activation_requests"."status" = 'submitted';
