/**
 * The wallet a PayID transfer would go to ($1 mode, $2 the normalised PayID), its display name
 * (wallet settings, else the merchant's) and the active key pairs that link or settle to it
 * (comma-separated): lib/transfers/lookup-recipient.ts, one prepared round trip.
 */
export const TRANSFER_RECIPIENT_SQL = `
  select p.id, p.pay_id, p.merchant_id::text as merchant_id, p.kind, p.is_active, coalesce(ws.name, m.name) as name,
         (select string_agg(k.id::text, ',' order by k.id) from api_key_pairs k
           where k.merchant_id = p.merchant_id and k.mode = p.mode and k.revoked_at is null
             and (k.wallet_pay_id_id = p.id or k.settlement_pay_id_id = p.id)) as key_pair_ids
  from pay_ids p join merchants m on m.id = p.merchant_id left join wallet_settings ws on ws.pay_id_id = p.id
  where p.mode = $1::text and p.pay_id = $2::text
  limit 1`;
