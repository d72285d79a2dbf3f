// The kept-count rule as one query (tests/lists/kept-counts.test.ts, e2e/list-counts.spec.ts):
// every (list, merchant, mode, filter values) whose kept count (list_counts, migration 0013)
// differs from count(*) over the list's table. One statement, one snapshot: exact even while
// others write. Empty when the rule holds.
export const KEPT_COUNT_MISMATCHES = `
  with kept as (
    select list, merchant_id, mode, a, b, c, sum(n)::bigint as n from list_counts group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0),
  actual as (
    select 'transfers' as list, merchant_id, mode, status as a, type as b, '' as c, count(*) as n from transfers group by 2, 3, 4, 5
    union all select 'payments', merchant_id, mode, channel, destination_kind, '', count(*) from payments group by 2, 3, 4, 5
    union all select 'events', merchant_id, mode, key_pair_id::text, type, delivery_status, count(*) from events group by 2, 3, 4, 5, 6
    union all select 'checkout_sessions', merchant_id, mode, status, '', '', count(*) from checkout_sessions group by 2, 3, 4
    union all select 'invoices', merchant_id, mode, status, paused::text, '', count(*) from invoices group by 2, 3, 4, 5)
  select list, merchant_id, mode, a, b, c, kept.n::int as kept, actual.n::int as actual
    from kept full join actual using (list, merchant_id, mode, a, b, c)
   where kept.n is distinct from actual.n`;
