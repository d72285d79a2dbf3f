// The kept-count rule as one query (tests/lists/kept-counts.test.ts, e2e/list-counts.spec.ts):
// every (list, merchant, mode, filter values, bucket) whose kept count (list_counts, migrations
// 0013 and 0014) differs from count(*) over the list's table. One statement, one snapshot:
// exact even while others write. Empty when the rule holds. The bucket expressions are
// lib/lists/counts.ts BUCKET_WIDTH's.
export const KEPT_COUNT_MISMATCHES = `
  with kept as (
    select list, merchant_id, mode, a, b, c, bucket, sum(n)::bigint as n from list_counts group by 1, 2, 3, 4, 5, 6, 7 having sum(n) <> 0),
  actual as (
    select 'transfers' as list, merchant_id, mode, status as a, type as b, '' as c, floor(extract(epoch from created_at) / 604800)::bigint as bucket, count(*) as n
      from transfers group by 2, 3, 4, 5, 7
    union all select 'payments', merchant_id, mode, channel, destination_kind, '', floor(extract(epoch from paid_at) / 604800)::bigint, count(*) from payments group by 2, 3, 4, 5, 7
    union all select 'events', merchant_id, mode, key_pair_id::text, type, delivery_status, seq / 16384, count(*) from events group by 2, 3, 4, 5, 6, 7
    union all select 'checkout_sessions', merchant_id, mode, status, '', '', floor(extract(epoch from created_at) / 604800)::bigint, count(*) from checkout_sessions group by 2, 3, 4, 7
    union all select 'invoices', merchant_id, mode, status, paused::text, '', floor(extract(epoch from created_at) / 604800)::bigint, count(*) from invoices group by 2, 3, 4, 5, 7)
  select list, merchant_id, mode, a, b, c, bucket, kept.n::int as kept, actual.n::int as actual
    from kept full join actual using (list, merchant_id, mode, a, b, c, bucket)
   where kept.n is distinct from actual.n`;
