-- A platform admin suspends a merchant: its keys are refused (lib/http/route.ts reads
-- suspended_at with the key lookup, no extra round trip) until an admin lifts it.
ALTER TABLE "merchants" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "suspended_reason" text;
--> statement-breakpoint
-- custom SQL (keep at merge): the indexes below are not declared in db/schema (as in 0012, 0013).
-- The admin's merchant search (lib/admin/search-merchants.ts): name and member email contain
-- the term, each one trigram GIN scan; the list pages newest first over (created_at, id).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS merchants_name_search_idx ON merchants USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_search_idx ON users USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS merchants_created_at_id_idx ON merchants (created_at, id);
--> statement-breakpoint
-- The admin home's platform totals: the last 30 days of every merchant's daily_volume rollup
-- by day (the primary key leads with merchant_id). Indexes day only, so the triggers' updates
-- of amount and count stay HOT.
CREATE INDEX IF NOT EXISTS daily_volume_day_idx ON daily_volume (day);
--> statement-breakpoint
-- The admin's merchant page: a merchant's latest settlement payouts (the table had no index by merchant).
CREATE INDEX IF NOT EXISTS settlement_payouts_merchant_created_idx ON settlement_payouts (merchant_id, mode, created_at);
