-- Kept list counts per bucket of the list's sort key (lib/list-counts.ts BUCKETS): a week of
-- created_at / paid_at, or 16,384 event seq values. A list's total is still the sum of its key's
-- rows (every bucket); a deep OFFSET page (lib/paging.ts) finds the bucket that holds its first
-- row from the cumulative counts and skips only the rows of that bucket. The bucket expressions
-- here and lib/list-counts.ts BUCKETS are the one rule and must agree. Writers are held off
-- (SHARE locks) while the counts are rebuilt, so the rebuild is exact.
LOCK TABLE transfers, payments, events, checkout_sessions, invoices IN SHARE MODE;
--> statement-breakpoint
ALTER TABLE "list_counts" ADD COLUMN "bucket" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP INDEX "list_counts_list_merchant_id_mode_a_b_c_index";
--> statement-breakpoint
CREATE INDEX "list_counts_list_merchant_id_mode_a_b_c_bucket_index" ON "list_counts" USING btree ("list","merchant_id","mode","a","b","c","bucket");
--> statement-breakpoint
-- custom SQL (keep at merge)
DROP FUNCTION list_counts_add(text, uuid, text, text, text, text, bigint) CASCADE;
--> statement-breakpoint
CREATE FUNCTION list_counts_add(p_list text, p_merchant uuid, p_mode text, p_a text, p_b text, p_c text, p_bucket bigint, p_n bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target bigint;
BEGIN
  SELECT id INTO target FROM list_counts
   WHERE list = p_list AND merchant_id = p_merchant AND mode = p_mode AND a = p_a AND b = p_b AND c = p_c AND bucket = p_bucket
   LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF target IS NULL THEN
    INSERT INTO list_counts (list, merchant_id, mode, a, b, c, bucket, n) VALUES (p_list, p_merchant, p_mode, p_a, p_b, p_c, p_bucket, p_n);
  ELSE
    UPDATE list_counts SET n = n + p_n WHERE id = target;
  END IF;
END $$;
--> statement-breakpoint
DELETE FROM list_counts;
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, bucket, n)
SELECT 'transfers', merchant_id, mode, a, b, c, bucket, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket FROM transfers) s GROUP BY 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transfers_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('transfers', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('transfers', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('transfers', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, bucket, n)
SELECT 'payments', merchant_id, mode, a, b, c, bucket, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from paid_at) / 604800)::bigint AS bucket FROM payments) s GROUP BY 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from paid_at) / 604800)::bigint AS bucket, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('payments', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from paid_at) / 604800)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('payments', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from paid_at) / 604800)::bigint AS bucket, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((channel)::text, '') AS a, coalesce((destination_kind)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from paid_at) / 604800)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('payments', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, bucket, n)
SELECT 'events', merchant_id, mode, a, b, c, bucket, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, (seq / 16384)::bigint AS bucket FROM events) s GROUP BY 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, (seq / 16384)::bigint AS bucket, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('events', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, (seq / 16384)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('events', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, (seq / 16384)::bigint AS bucket, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((key_pair_id::text)::text, '') AS a, coalesce((type)::text, '') AS b, coalesce((delivery_status)::text, '') AS c, (seq / 16384)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('events', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, bucket, n)
SELECT 'checkout_sessions', merchant_id, mode, a, b, c, bucket, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket FROM checkout_sessions) s GROUP BY 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION checkout_sessions_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('checkout_sessions', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('checkout_sessions', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce(('')::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('checkout_sessions', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO list_counts (list, merchant_id, mode, a, b, c, bucket, n)
SELECT 'invoices', merchant_id, mode, a, b, c, bucket, count(*) FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket FROM invoices) s GROUP BY 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_list_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, 1 AS d FROM new_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('invoices', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('invoices', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT merchant_id, mode, a, b, c, bucket, sum(d)::bigint AS n FROM (SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, 1 AS d FROM new_rows UNION ALL SELECT merchant_id, mode::text AS mode, coalesce((status)::text, '') AS a, coalesce((paused::text)::text, '') AS b, coalesce(('')::text, '') AS c, floor(extract(epoch from created_at) / 604800)::bigint AS bucket, -1 AS d FROM old_rows) s
              GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6 LOOP
      PERFORM list_counts_add('invoices', r.merchant_id, r.mode, r.a, r.b, r.c, r.bucket, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
ANALYZE list_counts;
