import { sql } from "drizzle-orm";
import { preparedRows, queryRows, type Db, type DbOrTx } from "@/db/client";
import { Params } from "@/db/params";
import type { Transfer } from "@/db/schema";
import { outboxCte, type OutboxRow } from "./event-outbox";
import { ledgerEntryCtes, type PlannedEntry } from "./ledger-entry";
import { walletLimitCtes, type LimitedTransfer } from "./wallet-limits";

/** `transfer.sent` in the audit log, as lib/transfers/initiate-transfer.ts words it. */
export type TransferAuditRow = {
  id: string;
  actorType: string;
  actorUserId: string | null;
  changes: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
};

/** A PayID transfer's payment in for its recipient. */
export type RecipientPaymentRow = { id: string; merchantId: string; payIdId: string; senderName: string | null };

export type NewTransferStatement = {
  /** The row, whole, as the request made it. */
  transfer: Transfer;
  limits: LimitedTransfer;
  /** A PayID transfer's payment for its recipient; null for a bank transfer. */
  recipientPayment: RecipientPaymentRow | null;
  events: OutboxRow[];
  /** A dashboard transfer's audit row; null from the API and the scheduler. */
  audit: TransferAuditRow | null;
  entry: PlannedEntry;
};

/** What the statement answers: whether the row was written, whether members-only allowed the recipient, the events to deliver after commit. */
export type NewTransferRow = { inserted: number; allowed: boolean; pending_event_ids: string | null };

/**
 * `<prefix>row`: the transfer row, or no row when the caller's reference is already taken (or
 * the recipient is not allowed: `allowed`, the wallet rules' condition).
 */
function transferRowCte(p: Params, t: Transfer, name: string, allowed: string): string {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return `${name} as (
      insert into transfers (id, reference, public_id, merchant_id, mode, key_pair_id, wallet_pay_id_id, type, status,
                             amount, fee, vat, stamp_duty, narration, recipient_name, recipient_bank_code, recipient_bank_name,
                             recipient_account_number, recipient_pay_id_id, merchant_reference, request_hash, metadata, source,
                             next_check_at, completed_at, created_at, updated_at)
      select ${p.add(t.id)}::uuid, ${p.add(t.reference)}::text, ${p.add(t.publicId)}::text, ${p.add(t.merchantId)}::uuid, ${p.add(t.mode)}::text,
              ${p.add(t.keyPairId)}::uuid, ${p.add(t.walletPayIdId)}::uuid, ${p.add(t.type)}::text, ${p.add(t.status)}::text,
              ${p.add(t.amount)}::bigint, ${p.add(t.fee)}::bigint, ${p.add(t.vat)}::bigint, ${p.add(t.stampDuty)}::bigint, ${p.add(t.narration)}::text,
              ${p.add(t.recipientName)}::text, ${p.add(t.recipientBankCode)}::text, ${p.add(t.recipientBankName)}::text,
              ${p.add(t.recipientAccountNumber)}::text, ${p.add(t.recipientPayIdId)}::uuid, ${p.add(t.merchantReference)}::text,
              ${p.add(t.requestHash)}::text, ${p.json(t.metadata)}, ${p.add(t.source)}::text,
              ${t.status === "pending" ? "now()" : "null"}, ${p.add(iso(t.completedAt))}::text::timestamptz,
              ${p.add(iso(t.createdAt))}::text::timestamptz, ${p.add(iso(t.updatedAt))}::text::timestamptz
      ${t.recipientPayIdId ? `where ${allowed}` : ""}
      on conflict (merchant_id, mode, merchant_reference) where merchant_reference is not null do nothing
      returning id)`;
}

/**
 * `<prefix>audit`: `transfer.sent` in the audit log, written only with the transfer (`gate`), in
 * the same statement: a dashboard transfer that fails (insufficient balance, a taken reference)
 * leaves no audit row. The API path never adds this CTE, so its prepared statement is unchanged.
 */
function auditCte(p: Params, t: Transfer, a: TransferAuditRow, name: string, gate: string): string {
  return `${name} as (
      insert into audit_log (id, merchant_id, actor_type, actor_user_id, action, target_type, target_id, changes, ip, user_agent)
      select ${p.add(a.id)}::uuid, ${p.add(t.merchantId)}::uuid, ${p.add(a.actorType)}::text, ${p.add(a.actorUserId)}::uuid,
             'transfer.sent', 'transfer', ${p.add(t.reference)}::text, ${p.json(a.changes)}, ${p.add(a.ip)}::text,
             ${p.add(a.userAgent)}::text
      where exists (select 1 from ${gate}))`;
}

/**
 * `<prefix>payment`: a PayID transfer is a payment in for its recipient: a `payments` row
 * (wallet, payid channel, free) so it shows in the recipient's Payments area, written only with
 * the transfer (`gate`).
 */
function recipientPaymentCte(p: Params, t: Transfer, r: RecipientPaymentRow, name: string, gate: string): string {
  return `${name} as (
      insert into payments (id, reference, merchant_id, mode, channel, status, amount, fee, destination_kind, pay_id_id,
                            settlement_pay_id_id, payer, narration, paid_at, created_at)
      select ${p.add(r.id)}::uuid, ${p.add(t.reference)}::text, ${p.add(r.merchantId)}::uuid, ${p.add(t.mode)}::text, 'payid', 'completed',
             ${p.add(t.amount)}::bigint, 0, 'wallet', ${p.add(r.payIdId)}::uuid, ${p.add(r.payIdId)}::uuid,
             ${p.json({ name: r.senderName })}, ${p.add(t.narration)}::text, ${p.add(t.completedAt!.toISOString())}::text::timestamptz, now()
      where exists (select 1 from ${gate}))`;
}

/**
 * A new transfer in one prepared statement (its own transaction, one round trip): the wallet
 * rules' config, the transfer row, the day's totals, the recipient's payment, the events, the
 * audit row and the ledger entry, in that order, each gated on the row. The day's totals are
 * locked before the wallet's ledger account, as a failed transfer's release takes them. A
 * refused limit or an overdraft fails the statement (lib/transfers maps the error).
 */
export async function insertTransfer(db: Db, s: NewTransferStatement): Promise<NewTransferRow> {
  const p = new Params();
  const row = "transfer_row";
  const limits = walletLimitCtes(p, s.limits, { prefix: "transfer_", gate: row });
  const ctes = [limits.config, transferRowCte(p, s.transfer, row, limits.recipientAllowed), ...limits.totals];
  if (s.recipientPayment) ctes.push(recipientPaymentCte(p, s.transfer, s.recipientPayment, "transfer_payment", row));
  const events = s.events.length ? outboxCte(p, s.events, { prefix: "transfer_", gate: row }) : null;
  if (events) ctes.push(events.cte);
  if (s.audit) ctes.push(auditCte(p, s.transfer, s.audit, "transfer_audit", row));
  const ledger = ledgerEntryCtes(p, s.entry, { prefix: "transfer_", gate: row });
  ctes.push(ledger.ctes);
  const [answer] = await preparedRows<NewTransferRow>(
    db,
    `with ${ctes.join(",\n")}
       select (select count(*)::int from ${row}) as inserted, ${limits.recipientAllowed} as allowed, ${limits.columns},
              ${events ? events.pendingIds : "null as pending_event_ids"}, ${ledger.guard}`,
    p.values,
  );
  return answer!;
}

/**
 * Claims up to `limit` pending bank transfers due for a look (not in `seen`), with a 30-second
 * lease on next_check_at, FOR UPDATE SKIP LOCKED: two instances never take the same one
 * (lib/transfers/process-pending-transfers.ts).
 */
export function claimDueBankTransfers(db: DbOrTx, input: { seen: Set<string>; limit: number }): Promise<{ id: string }[]> {
  const notSeen = input.seen.size
    ? sql`and id not in (${sql.join(
        [...input.seen].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<{ id: string }>(
    db,
    sql`update transfers set next_check_at = now() + interval '30 seconds'
        where id in (
          select id from transfers
          where status = 'pending' and type = 'bank_transfer' and next_check_at <= now() ${notSeen}
          order by next_check_at limit ${input.limit}
          for update skip locked)
        returning id`,
  );
}

/**
 * Where a pending bank transfer is (lib/transfers/submit-to-bank.ts): its rail, the rail's
 * reference, the rails that refused it, and (`submitted`) when it was first sent; due for a
 * look at once. No row: it is no longer pending.
 */
export async function recordTransferRail(
  db: DbOrTx,
  input: { id: string; rail: string | null; railReference: string | null; refused: string[]; submitted: boolean },
): Promise<{ at: string; status: Transfer["status"] } | undefined> {
  const [row] = await preparedRows<{ at: string; status: Transfer["status"] }>(
    db,
    `update transfers set rail = $2::text, rail_reference = $3::text, rails_refused = $4::text[],
            bank_submitted_at = case when $5::text = 'yes' then coalesce(bank_submitted_at, now()) else bank_submitted_at end,
            next_check_at = now(), updated_at = now()
     where id = $1::uuid and status = 'pending'
     returning now()::text as at, status`,
    [input.id, input.rail, input.railReference, `{${input.refused.join(",")}}`, input.submitted ? "yes" : "no"],
  );
  return row;
}

/** A pending transfer's note of what needs a person, and the provider's fee (kept when none is given). */
export async function recordTransferAttention(db: DbOrTx, input: { id: string; attention: string | null; fee: number | null }): Promise<void> {
  await preparedRows(
    db,
    `update transfers set rail_attention = $2::text, rail_fee = coalesce($3::text::bigint, rail_fee) where id = $1::uuid and status = 'pending'`,
    [input.id, input.attention, input.fee == null ? null : String(input.fee)],
  );
}

/** A pending transfer's next status query, `delaySeconds` from now, its checks counted. */
export async function scheduleTransferCheck(db: DbOrTx, input: { id: string; delaySeconds: number }): Promise<void> {
  await preparedRows(
    db,
    `update transfers set status_checks = status_checks + 1, next_check_at = now() + make_interval(secs => $2::int) where id = $1::uuid and status = 'pending'`,
    [input.id, String(input.delaySeconds)],
  );
}
