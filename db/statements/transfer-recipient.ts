import { preparedRows, type DbOrTx } from "@/db/client";
import type { Mode, PayId } from "@/db/schema";
import type { PreparedRead } from "./prefetch";

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

/** The row TRANSFER_RECIPIENT_SQL answers. */
export type RecipientRow = {
  id: string;
  pay_id: string;
  merchant_id: string;
  kind: PayId["kind"];
  is_active: boolean;
  name: string;
  key_pair_ids: string | null;
};

/** The read as a prefetch, to send with the request's rate-limit count (its PayID normalised). */
export const transferRecipientRead = (mode: Mode, payId: string): PreparedRead<RecipientRow> => ({ text: TRANSFER_RECIPIENT_SQL, params: [mode, payId] });

/** The read on its own: one prepared round trip. */
export const readTransferRecipient = (tx: DbOrTx, input: { mode: Mode; payId: string }): Promise<RecipientRow[]> =>
  preparedRows<RecipientRow>(tx, TRANSFER_RECIPIENT_SQL, [input.mode, input.payId]);
