CREATE TABLE "daily_sessions" (
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"day" date NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_sessions_merchant_id_mode_day_slot_pk" PRIMARY KEY("merchant_id","mode","day","slot")
);
--> statement-breakpoint
CREATE TABLE "daily_volume" (
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"day" date NOT NULL,
	"amount_kobo" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_volume_merchant_id_mode_day_pk" PRIMARY KEY("merchant_id","mode","day")
);
--> statement-breakpoint
ALTER TABLE "daily_sessions" ADD CONSTRAINT "daily_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_volume" ADD CONSTRAINT "daily_volume_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- custom SQL (keep at merge)
-- Overview rollups (db/schema/overview.ts): kept by triggers in the writer's own transaction.
-- A day is the calendar day in Africa/Lagos (UTC+1 all year, as lib/settlement/cutoff-schedule.ts).
-- Constraint triggers deferred to commit: the rollup row is locked last, just before the commit,
-- after every lock the writer takes itself (no lock-order cycle with session or wallet locks,
-- and the hot per-day row is held for the commit only).
CREATE OR REPLACE FUNCTION owo_lagos_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ((t AT TIME ZONE 'UTC') + interval '1 hour')::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owo_daily_volume_on_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_volume AS d (merchant_id, mode, day, amount_kobo, count)
  VALUES (NEW.merchant_id, NEW.mode, owo_lagos_day(NEW.paid_at), NEW.amount, 1)
  ON CONFLICT (merchant_id, mode, day) DO UPDATE SET amount_kobo = d.amount_kobo + EXCLUDED.amount_kobo, count = d.count + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_daily_volume AFTER INSERT ON payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION owo_daily_volume_on_payment();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owo_daily_sessions_on_session() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- One of 8 rows per day by the writer's connection (db/schema/overview.ts: slot): a merchant's
  -- concurrent initializes do not queue on one row through their commits. Readers sum.
  s smallint := (pg_backend_pid() % 8)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_sessions AS d (merchant_id, mode, day, slot, started, completed)
    VALUES (NEW.merchant_id, NEW.mode, owo_lagos_day(NEW.created_at), s, 1, 0)
    ON CONFLICT (merchant_id, mode, day, slot) DO UPDATE SET started = d.started + 1;
  END IF;
  IF NEW.status = 'completed' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'completed') THEN
    INSERT INTO daily_sessions AS d (merchant_id, mode, day, slot, started, completed)
    VALUES (NEW.merchant_id, NEW.mode, owo_lagos_day(coalesce(NEW.paid_at, now())), s, 0, 1)
    ON CONFLICT (merchant_id, mode, day, slot) DO UPDATE SET completed = d.completed + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER checkout_sessions_daily_sessions AFTER INSERT OR UPDATE OF status ON checkout_sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION owo_daily_sessions_on_session();
--> statement-breakpoint
-- Backfill what exists (the triggers above count everything written from here on).
INSERT INTO daily_volume (merchant_id, mode, day, amount_kobo, count)
SELECT merchant_id, mode, owo_lagos_day(paid_at), sum(amount), count(*) FROM payments GROUP BY 1, 2, 3
ON CONFLICT (merchant_id, mode, day) DO UPDATE SET amount_kobo = EXCLUDED.amount_kobo, count = EXCLUDED.count;
--> statement-breakpoint
INSERT INTO daily_sessions (merchant_id, mode, day, started, completed)
SELECT merchant_id, mode, day, sum(started), sum(completed) FROM (
  SELECT merchant_id, mode, owo_lagos_day(created_at) AS day, 1 AS started, 0 AS completed FROM checkout_sessions
  UNION ALL
  SELECT merchant_id, mode, owo_lagos_day(coalesce(paid_at, updated_at)), 0, 1 FROM checkout_sessions WHERE status = 'completed'
) s GROUP BY 1, 2, 3
ON CONFLICT (merchant_id, mode, day, slot) DO UPDATE SET started = EXCLUDED.started, completed = EXCLUDED.completed;
--> statement-breakpoint
-- What needs attention and what is in flight, counted from small partial indexes.
CREATE INDEX IF NOT EXISTS events_exhausted_idx ON events (merchant_id, mode, created_at) WHERE delivery_status = 'exhausted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transfers_failed_idx ON transfers (merchant_id, mode, created_at) WHERE status = 'failed';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS settlement_payouts_open_idx ON settlement_payouts (merchant_id, mode, status, created_at) INCLUDE (amount) WHERE status IN ('pending', 'failed');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS refunds_requested_idx ON refunds (merchant_id, mode) WHERE status = 'requested';
