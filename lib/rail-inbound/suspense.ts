import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { journalEntries, merchants, railSuspense, type RailSuspense } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { findBank } from "@/lib/bank/nigerian-banks";
import { appError, invalidState, validationError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { clearingAccount } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { reverseEntry } from "@/lib/ledger/reverse-entry";
import { receivePayment } from "@/lib/payments/receive-payment";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { railByName } from "@/lib/rails/router";
import { isUuid } from "@/lib/text-patterns";
import { railPaymentReference, suspenseAccount } from "./book-rail-inbound";

const notFound = () => appError("NOT_FOUND", { message: "No such suspense item." });
const notOpen = (row: RailSuspense) =>
  invalidState(`This money was already ${row.status === "assigned" ? "assigned to a merchant" : "returned to the payer"}.`);

/** Suspense items, open first then newest (the admin Rails page). */
export async function listSuspense(db: Db, opts: { limit?: number } = {}): Promise<(RailSuspense & { merchantName: string | null })[]> {
  const rows = await db
    .select({ s: railSuspense, merchantName: merchants.name })
    .from(railSuspense)
    .leftJoin(merchants, eq(merchants.id, railSuspense.merchantId))
    .orderBy(sql`${railSuspense.status} = 'open' desc`, desc(railSuspense.receivedAt))
    .limit(opts.limit ?? 100);
  return rows.map((r) => ({ ...r.s, merchantName: r.merchantName }));
}

async function lockOpen(tx: DbOrTx, id: string): Promise<RailSuspense> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(railSuspense).where(eq(railSuspense.id, id)).for("update");
  if (!row) throw notFound();
  if (row.status !== "open") throw notOpen(row);
  return row;
}

/**
 * An admin assigns money in suspense to a merchant: the suspense entry is reversed and the
 * money booked to the merchant's live wallet through the inbound road (the same fees, ledger
 * entries and charge.success as any payment), once; audited.
 */
export async function assignSuspense(db: Db, input: { id: string; merchantId: string; actor: Actor; note?: string | null }): Promise<RailSuspense> {
  const { row, eventIds } = await db.transaction(async (tx) => {
    const row = await lockOpen(tx, input.id);
    const wallet = await getWalletPayId(tx, { merchantId: input.merchantId, mode: "live" });
    if (!wallet) throw appError("WALLET_NOT_LINKED", { status: 400, message: "That merchant has no live wallet to receive the money." });
    const [entry] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.reference, `suspense:${row.rail}:${row.providerReference}`));
    if (entry)
      await reverseEntry(tx, {
        entryId: entry.id,
        reference: `suspense:${row.rail}:${row.providerReference}:assigned`,
        kind: "suspense_out",
        description: "Suspense assigned to a merchant",
      });
    const payer = row.payer ?? { name: null, bank: null, account: null };
    const paid = await receivePayment(tx, {
      destination: { kind: "pay_id", payId: wallet },
      amount: row.amount,
      payer: { name: payer.name ?? undefined, bank: payer.bank ?? undefined, account: payer.account ?? undefined },
      reference: railPaymentReference(row.rail, row.providerReference),
      actor: "customer",
      rail: { name: row.rail, reference: row.providerReference, fee: row.providerFee },
    });
    const [updated] = await tx
      .update(railSuspense)
      .set({
        status: "assigned",
        merchantId: input.merchantId,
        paymentReference: paid.reference,
        note: input.note ?? row.note,
        resolvedBy: input.actor.userId ?? input.actor.type,
        resolvedAt: new Date(),
      })
      .where(eq(railSuspense.id, row.id))
      .returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "suspense.assigned",
      targetType: "rail_suspense",
      targetId: row.id,
      changes: { status: { from: "open", to: "assigned" }, payment: { to: paid.reference } },
    });
    return { row: updated!, eventIds: paid.eventIds };
  });
  deliverAfterCommit(eventIds);
  return row;
}

/**
 * An admin returns money in suspense to whoever paid it: a payout through the rail that
 * received it, under the item's own reference (the provider deduplicates a repeat), to the
 * account the admin confirms (the payer's, as the provider reported it). The ledger moves
 * suspense → the rail's clearing account; audited.
 */
export async function returnSuspense(
  db: Db,
  input: { id: string; bankCode: string; accountNumber: string; accountName: string; actor: Actor; note?: string | null },
): Promise<RailSuspense> {
  const problems: string[] = [];
  if (!findBank(input.bankCode)) problems.push(`bank_code ${input.bankCode} is not a known bank code`);
  if (!/^\d{10}$/.test(input.accountNumber)) problems.push("account_number must be 10 digits");
  if (problems.length) throw validationError(problems);
  const [current] = await db.select().from(railSuspense).where(eq(railSuspense.id, input.id));
  if (!current) throw notFound();
  if (current.status !== "open") throw notOpen(current);
  const rail = railByName(current.rail);
  if (!rail) throw appError("RAIL_UNAVAILABLE", { message: `The ${current.rail} rail is not configured, so the money cannot be returned through it.` });
  const reference = `SUSRET_${current.id.replace(/-/g, "").toUpperCase()}`;
  const outcome = await rail.sendTransfer({
    reference,
    amount: current.amount,
    bankCode: input.bankCode,
    accountNumber: input.accountNumber,
    accountName: input.accountName,
    narration: "Returned by Owo",
  });
  if (outcome.status === "failed") throw appError("BANK_UNAVAILABLE", { message: `The rail could not return the money: ${outcome.reason ?? "refused"}` });
  return db.transaction(async (tx) => {
    const row = await lockOpen(tx, input.id);
    const [suspense, clearing] = await Promise.all([suspenseAccount(tx), clearingAccount(tx, "live", row.rail)]);
    await postEntry(tx, {
      reference: `suspense:${row.rail}:${row.providerReference}:returned`,
      mode: "live",
      merchantId: null,
      kind: "suspense_out",
      description: `Suspense returned to the payer (${reference})`,
      moves: [{ from: suspense.id, to: clearing.id, amount: row.amount }],
    });
    const [updated] = await tx
      .update(railSuspense)
      .set({
        status: "returned",
        returnReference: reference,
        note: input.note ?? row.note,
        resolvedBy: input.actor.userId ?? input.actor.type,
        resolvedAt: new Date(),
      })
      .where(and(eq(railSuspense.id, row.id), eq(railSuspense.status, "open")))
      .returning();
    await recordAudit(tx, {
      merchantId: null,
      actor: input.actor,
      action: "suspense.returned",
      targetType: "rail_suspense",
      targetId: row.id,
      changes: { status: { from: "open", to: "returned" }, payout: { to: `${reference} (${outcome.status})` } },
    });
    return updated!;
  });
}
