ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "static_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "channel" text DEFAULT 'static_account' NOT NULL;--> statement-breakpoint
UPDATE "refunds" r SET "payment_reference" = p."reference" FROM "static_account_payments" p WHERE p."id" = r."payment_id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "payment_reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_static_or_wallet" CHECK (("payment_id" is null) = ("static_account_id" is null) and (("channel" = 'static_account') = ("payment_id" is not null)));--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_open_reference_idx" ON "refunds" USING btree ("payment_reference") WHERE "refunds"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "refunds_payment_reference_index" ON "refunds" USING btree ("payment_reference");
