-- Supplement §10, partial refunds: a payment that credited a wallet may have several open refunds,
-- so the one-open-refund-per-reference index goes. What replaces it: the sum of a payment's
-- refunds not rejected or failed is checked with the payment row locked FOR UPDATE
-- (lib/refunds/request-payment-refund.ts), and two open refunds of one payment never share an
-- amount (a request repeating an open refund's amount returns it), which this index stands behind.
-- Static-account refunds stay whole: refunds_open_idx (one open refund per payment_id) is kept.
-- (The 0021 snapshot is drizzle-kit's of the whole schema; only the refunds changes are applied
-- here, the rest came in the hand-written migrations 0014 to 0020.)
CREATE UNIQUE INDEX "refunds_open_amount_idx" ON "refunds" USING btree ("payment_reference","amount") WHERE "refunds"."status" in ('requested', 'processing');--> statement-breakpoint
DROP INDEX IF EXISTS "refunds_open_reference_idx";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0);
