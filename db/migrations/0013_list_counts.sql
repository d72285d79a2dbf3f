CREATE TABLE "list_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"a" text DEFAULT '' NOT NULL,
	"b" text DEFAULT '' NOT NULL,
	"c" text DEFAULT '' NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "events_key_pair_id_created_at_index";--> statement-breakpoint
DROP INDEX "events_merchant_id_mode_created_at_index";--> statement-breakpoint
DROP INDEX "transfers_merchant_id_mode_created_at_index";--> statement-breakpoint
DROP INDEX "checkout_sessions_merchant_id_mode_created_at_index";--> statement-breakpoint
DROP INDEX "payments_merchant_id_mode_created_at_index";--> statement-breakpoint
DROP INDEX "invoices_merchant_id_mode_created_at_index";--> statement-breakpoint
CREATE INDEX "list_counts_list_merchant_id_mode_a_b_c_index" ON "list_counts" USING btree ("list","merchant_id","mode","a","b","c");--> statement-breakpoint
CREATE INDEX "events_key_pair_id_seq_index" ON "events" USING btree ("key_pair_id","seq");--> statement-breakpoint
CREATE INDEX "events_merchant_id_mode_seq_index" ON "events" USING btree ("merchant_id","mode","seq");--> statement-breakpoint
CREATE INDEX "transfers_merchant_id_mode_created_at_id_index" ON "transfers" USING btree ("merchant_id","mode","created_at","id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_merchant_id_mode_created_at_id_index" ON "checkout_sessions" USING btree ("merchant_id","mode","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_merchant_id_mode_paid_at_id_index" ON "payments" USING btree ("merchant_id","mode","paid_at","id");--> statement-breakpoint
CREATE INDEX "invoices_merchant_id_mode_created_at_id_index" ON "invoices" USING btree ("merchant_id","mode","created_at","id");--> statement-breakpoint
-- custom SQL (keep at merge)
-- Kept list counts (lib/list-counts.ts reads them): every insert, update and delete of the five
-- long lists' tables adds its net change per (merchant, mode, filter values) to list_counts in
-- the same transaction, from a statement-level trigger over the transition tables (a bulk
-- insert is one grouped write, not one per row). list_counts_add never waits on another
-- writer: it adds to a row of the key no other open transaction holds (FOR UPDATE SKIP
-- LOCKED) or inserts a new row, so concurrent writers neither queue nor deadlock on a hot row.
-- Existing rows are counted here (the backfill) before the triggers exist; both happen in
-- this migration's transaction.
ALTER TABLE "list_counts" SET (fillfactor = 50);
--> statement-breakpoint
CREATE FUNCTION list_counts_add(p_list text, p_merchant uuid, p_mode text, p_a text, p_b text, p_c text, p_n bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target bigint;
BEGIN
  SELECT id INTO target FROM list_counts
   WHERE list = p_list AND merchant_id = p_merchant AND mode = p_mode AND a = p_a AND b = p_b AND c = p_c
   LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF target IS NULL THEN
    INSERT INTO list_counts (list, merchant_id, mode, a, b, c, n) VALUES (p_list, p_merchant, p_mode, p_a, p_b, p_c, p_n);
  ELSE
    UPDATE list_counts SET n = n + p_n WHERE id = target;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, n)
SELECT 'transfers', merchant_id, mode, a, b, c, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c FROM transfers) s GROUP BY 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE FUNCTION transfers_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('transfers', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('transfers', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('transfers', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transfers_list_counts_insert AFTER INSERT ON transfers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transfers_list_counts();
--> statement-breakpoint
CREATE TRIGGER transfers_list_counts_update AFTER UPDATE ON transfers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transfers_list_counts();
--> statement-breakpoint
CREATE TRIGGER transfers_list_counts_delete AFTER DELETE ON transfers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transfers_list_counts();
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, n)
SELECT 'payments', merchant_id, mode, a, b, c, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c FROM payments) s GROUP BY 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE FUNCTION payments_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('payments', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('payments', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('payments', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_list_counts_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_list_counts();
--> statement-breakpoint
CREATE TRIGGER payments_list_counts_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_list_counts();
--> statement-breakpoint
CREATE TRIGGER payments_list_counts_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_list_counts();
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, n)
SELECT 'events', merchant_id, mode, a, b, c, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c FROM events) s GROUP BY 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE FUNCTION events_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('events', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('events', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('events', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_list_counts_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_list_counts();
--> statement-breakpoint
CREATE TRIGGER events_list_counts_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_list_counts();
--> statement-breakpoint
CREATE TRIGGER events_list_counts_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION events_list_counts();
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, n)
SELECT 'checkout_sessions', merchant_id, mode, a, b, c, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c FROM checkout_sessions) s GROUP BY 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE FUNCTION checkout_sessions_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('checkout_sessions', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('checkout_sessions', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('checkout_sessions', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_list_counts_insert AFTER INSERT ON checkout_sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION checkout_sessions_list_counts();
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_list_counts_update AFTER UPDATE ON checkout_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION checkout_sessions_list_counts();
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_list_counts_delete AFTER DELETE ON checkout_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION checkout_sessions_list_counts();
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, n)
SELECT 'invoices', merchant_id, mode, a, b, c, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c FROM invoices) s GROUP BY 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE FUNCTION invoices_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('invoices', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('invoices', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5 LOOP
      PERFORM list_counts_add('invoices', r.merchant_id, r.mode, r.a, r.b, r.c, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_list_counts_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_list_counts();
--> statement-breakpoint
CREATE TRIGGER invoices_list_counts_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_list_counts();
--> statement-breakpoint
CREATE TRIGGER invoices_list_counts_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_list_counts();
--> statement-breakpoint
-- Search: one trigram index per list over its searched fields joined by a \x01 separator
-- (lib/list-search.ts builds the same expression), so ILIKE '%term%' over all of them is one
-- GIN scan; a term without the separator matches the joined text exactly when it matches one
-- field, as the separate ILIKEs did.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX transfers_search_idx ON transfers USING gin ((coalesce(recipient_name, '') || E'\x01' || coalesce(reference, '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX transfers_account_number_idx ON transfers (merchant_id, mode, recipient_account_number) WHERE recipient_account_number IS NOT NULL;
--> statement-breakpoint
CREATE INDEX payments_search_idx ON payments USING gin ((coalesce(reference, '') || E'\x01' || coalesce(merchant_reference, '') || E'\x01' || coalesce(customer_email, '') || E'\x01' || coalesce(customer_name, '') || E'\x01' || coalesce(payer ->> 'name', '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX checkout_sessions_search_idx ON checkout_sessions USING gin ((coalesce(reference, '') || E'\x01' || coalesce(merchant_reference, '') || E'\x01' || coalesce(customer_email, '') || E'\x01' || coalesce(customer_name, '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX invoices_search_idx ON invoices USING gin ((coalesce(invoice_number, '') || E'\x01' || coalesce(customer_name, '') || E'\x01' || coalesce(customer_email, '') || E'\x01' || coalesce(merchant_reference, '') || E'\x01' || coalesce(public_id, '')) gin_trgm_ops);
--> statement-breakpoint
-- Sessions that read as active (status active, not yet past expiry): counted over this index.
CREATE INDEX checkout_sessions_active_idx ON checkout_sessions (merchant_id, mode, expires_at) WHERE status = 'active';
