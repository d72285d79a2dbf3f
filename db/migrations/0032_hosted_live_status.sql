-- Hosted pages notice a payment by themselves (issue 26 item 1). Each change a customer's page
-- shows is announced on the channel `owo_hosted` when its transaction commits (pg_notify is
-- transactional), whatever code made it: a webhook, a reconciliation, the sandbox, an admin.
-- The payload names the record the way its page does: session:<id>, invoice:<public id>,
-- payid:<mode>:<PayID>. lib/hosted/live-status-hub.ts listens once per process and fans out.
CREATE OR REPLACE FUNCTION owo_hosted_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('owo_hosted', 'session:' || NEW.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER checkout_sessions_hosted_live AFTER UPDATE OF status ON checkout_sessions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION owo_hosted_session_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION owo_hosted_invoice_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('owo_hosted', 'invoice:' || NEW.public_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_hosted_live AFTER UPDATE OF status, amount_paid ON invoices
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount_paid IS DISTINCT FROM NEW.amount_paid)
  EXECUTE FUNCTION owo_hosted_invoice_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION owo_hosted_payid_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  handle text;
BEGIN
  SELECT p.mode || ':' || p.pay_id INTO handle FROM pay_ids p WHERE p.id = NEW.pay_id_id;
  IF handle IS NOT NULL THEN
    PERFORM pg_notify('owo_hosted', 'payid:' || handle);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dynamic_pay_ids_hosted_live AFTER UPDATE OF status ON dynamic_pay_ids
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION owo_hosted_payid_changed();
