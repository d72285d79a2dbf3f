-- Cached totals of searched lists (lib/search-counts.ts). A search's exact `total` is the count
-- of its matching rows whose sort key is before an hour mark two to three hours back ("settled" rows),
-- kept in search_counts, plus a count of the few matching rows after that mark, made at every
-- read. A cached count is valid only while its list's epoch (search_epochs, per list, merchant
-- and mode) is what it was when the count was made: the row triggers below bump the epoch in
-- the same transaction as any write that could change a settled row's match (an insert, a
-- delete, or an update of a searched, filtered or scoping column of a row older than an hour:
-- no transaction of ours lives an hour, so a write in flight can never touch a row a reader
-- counted as settled without bumping). Writes of recent rows (every hot path) never fire them.
CREATE TABLE "search_counts" (
	"list" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"key" text NOT NULL,
	"upto" timestamp with time zone NOT NULL,
	"epoch" bigint NOT NULL,
	"n" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_counts_list_merchant_id_mode_key_upto_pk" PRIMARY KEY("list","merchant_id","mode","key","upto")
);
--> statement-breakpoint
CREATE TABLE "search_epochs" (
	"list" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "search_epochs_list_merchant_id_mode_pk" PRIMARY KEY("list","merchant_id","mode")
);
--> statement-breakpoint
-- custom SQL (keep at merge)
CREATE FUNCTION search_epoch_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO search_epochs (list, merchant_id, mode, n) VALUES (TG_ARGV[0], OLD.merchant_id, OLD.mode::text, 1)
      ON CONFLICT (list, merchant_id, mode) DO UPDATE SET n = search_epochs.n + 1;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.merchant_id, NEW.mode::text) IS DISTINCT FROM (OLD.merchant_id, OLD.mode::text)) THEN
    INSERT INTO search_epochs (list, merchant_id, mode, n) VALUES (TG_ARGV[0], NEW.merchant_id, NEW.mode::text, 1)
      ON CONFLICT (list, merchant_id, mode) DO UPDATE SET n = search_epochs.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transfers_search_epoch_insert AFTER INSERT ON transfers FOR EACH ROW
  WHEN (NEW.created_at < now() - interval '1 hour') EXECUTE FUNCTION search_epoch_bump('transfers');
--> statement-breakpoint
CREATE TRIGGER transfers_search_epoch_update AFTER UPDATE ON transfers FOR EACH ROW
  WHEN ((OLD.created_at < now() - interval '1 hour' OR NEW.created_at < now() - interval '1 hour')
    AND (OLD.merchant_id, OLD.mode, OLD.created_at, OLD.status, OLD.type, OLD.reference, OLD.merchant_reference, OLD.recipient_account_number, OLD.recipient_name) IS DISTINCT FROM (NEW.merchant_id, NEW.mode, NEW.created_at, NEW.status, NEW.type, NEW.reference, NEW.merchant_reference, NEW.recipient_account_number, NEW.recipient_name))
  EXECUTE FUNCTION search_epoch_bump('transfers');
--> statement-breakpoint
CREATE TRIGGER transfers_search_epoch_delete AFTER DELETE ON transfers FOR EACH ROW
  WHEN (OLD.created_at < now() - interval '1 hour') EXECUTE FUNCTION search_epoch_bump('transfers');
--> statement-breakpoint
CREATE TRIGGER payments_search_epoch_insert AFTER INSERT ON payments FOR EACH ROW
  WHEN (NEW.paid_at < now() - interval '1 hour') EXECUTE FUNCTION search_epoch_bump('payments');
--> statement-breakpoint
CREATE TRIGGER payments_search_epoch_update AFTER UPDATE ON payments FOR EACH ROW
  WHEN ((OLD.paid_at < now() - interval '1 hour' OR NEW.paid_at < now() - interval '1 hour')
    AND (OLD.merchant_id, OLD.mode, OLD.paid_at, OLD.channel, OLD.destination_kind, OLD.reference, OLD.merchant_reference, OLD.customer_email, OLD.customer_name, OLD.payer) IS DISTINCT FROM (NEW.merchant_id, NEW.mode, NEW.paid_at, NEW.channel, NEW.destination_kind, NEW.reference, NEW.merchant_reference, NEW.customer_email, NEW.customer_name, NEW.payer))
  EXECUTE FUNCTION search_epoch_bump('payments');
--> statement-breakpoint
CREATE TRIGGER payments_search_epoch_delete AFTER DELETE ON payments FOR EACH ROW
  WHEN (OLD.paid_at < now() - interval '1 hour') EXECUTE FUNCTION search_epoch_bump('payments');
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_search_epoch_insert AFTER INSERT ON checkout_sessions FOR EACH ROW
  WHEN (NEW.created_at < now() - interval '1 hour') EXECUTE FUNCTION search_epoch_bump('checkout_sessions');
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_search_epoch_update AFTER UPDATE ON checkout_sessions FOR EACH ROW
  WHEN ((OLD.created_at < now() - interval '1 hour' OR NEW.created_at < now() - interval '1 hour')
    AND (OLD.merchant_id, OLD.mode, OLD.created_at, OLD.id, OLD.status, OLD.reference, OLD.merchant_reference, OLD.customer_email, OLD.customer_name) IS DISTINCT FROM (NEW.merchant_id, NEW.mode, NEW.created_at, NEW.id, NEW.status, NEW.reference, NEW.merchant_reference, NEW.customer_email, NEW.customer_name))
  EXECUTE FUNCTION search_epoch_bump('checkout_sessions');
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_search_epoch_delete AFTER DELETE ON checkout_sessions FOR EACH ROW
  WHEN (OLD.created_at < now() - interval '1 hour') EXECUTE FUNCTION search_epoch_bump('checkout_sessions');
--> statement-breakpoint
CREATE TRIGGER invoices_search_epoch_insert AFTER INSERT ON invoices FOR EACH ROW
  WHEN (NEW.created_at < now() - interval '1 hour') EXECUTE FUNCTION search_epoch_bump('invoices');
--> statement-breakpoint
CREATE TRIGGER invoices_search_epoch_update AFTER UPDATE ON invoices FOR EACH ROW
  WHEN ((OLD.created_at < now() - interval '1 hour' OR NEW.created_at < now() - interval '1 hour')
    AND (OLD.merchant_id, OLD.mode, OLD.created_at, OLD.status, OLD.paused, OLD.invoice_number, OLD.customer_name, OLD.customer_email, OLD.merchant_reference, OLD.public_id) IS DISTINCT FROM (NEW.merchant_id, NEW.mode, NEW.created_at, NEW.status, NEW.paused, NEW.invoice_number, NEW.customer_name, NEW.customer_email, NEW.merchant_reference, NEW.public_id))
  EXECUTE FUNCTION search_epoch_bump('invoices');
--> statement-breakpoint
CREATE TRIGGER invoices_search_epoch_delete AFTER DELETE ON invoices FOR EACH ROW
  WHEN (OLD.created_at < now() - interval '1 hour') EXECUTE FUNCTION search_epoch_bump('invoices');
