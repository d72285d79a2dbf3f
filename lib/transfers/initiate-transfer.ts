import crypto, { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db, DbOrTx } from "@/db/client";
import type { Actor } from "@/lib/audit/record-audit";
import { transfers, type Mode, type Transfer } from "@/db/schema";
import type { PreparedRead } from "@/db/statements/prefetch";
import { insertTransfer, type NewTransferRow, type TransferAuditRow } from "@/db/statements/transfers";
import { findBank } from "@/lib/bank/nigerian-banks";
import { appError, isAppError, validationError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { outboxRows, splitEventIds, type EmitInput } from "@/lib/events/emit-event";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { prefixedId, randomBase62 } from "@/lib/ids";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { ledgerEntry, type EntryInput } from "@/lib/ledger/post-entry";
import { chargeSuccessData } from "@/lib/payments/charge-success";
import { normalisePayId } from "@/lib/payids/find-pay-id";
import { findTransferRecipient, recipientRead, type RecipientRow, type TransferRecipient } from "./lookup-recipient";
import { transferTotal } from "./transfer-total";
import { submitToBank } from "./submit-to-bank";
import { assertRail } from "@/lib/rails/router";
import { debitReference } from "./transfer-references";
import { transferEventData, transferEventKeys } from "./transfer-events";
import type { InitiateTransferBody } from "./transfer-input";
import { limitedTransfer, limitError, recipientNotAllowed } from "./transfer-limits";
import { toTransferView, type TransferView } from "./transfer-view";

export type InitiateInput = {
  merchantId: string;
  /** The sender's name, shown to PayID recipients (the key or session already knows it). */
  merchantName: string;
  mode: Mode;
  walletPayIdId: string;
  /** The key that asked (API); null from the dashboard. */
  keyPairId: string | null;
  body: InitiateTransferBody;
  /** A PayID recipient's read, when it came with the request (transferPrefetch): no round trip of its own. */
  recipientRows?: RecipientRow[] | null;
} & (
  | { source: "api" }
  /** A dashboard transfer is audited (`transfer.sent`) in its own statement, as the member who sent it. */
  | { source: "dashboard"; actor: Actor }
  /** An automatic payout to the merchant's payout account (lib/payouts, supplement §13), made by the scheduler. */
  | { source: "payout" }
);

/** Same body (whatever the key order), same fingerprint; the reference itself is left out. */
function fingerprint(body: InitiateTransferBody): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;
  const { reference: _r, ...rest } = body;
  const text = JSON.stringify(canonical(rest));
  return oneShotHash ? oneShotHash("sha256", text, "hex") : createHash("sha256").update(text).digest("hex");
}

// crypto.hash (Node >= 20.12) skips the Hash object (as lib/keys/key-format.ts does): one per transfer.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: "hex") => string }).hash;

/**
 * POST /v1/checkout/transfer's prefetch: a PayID transfer's recipient read, sent with the
 * rate-limit count, from the body as sent (before validation, so only a string `pay_id` fit
 * to send: the read must not fail). The validated body's PayID normalises to the same text.
 */
export function transferPrefetch(body: unknown, mode: Mode): PreparedRead<RecipientRow> | null {
  const sent = body && typeof body === "object" ? (body as { type?: unknown; pay_id?: unknown }) : null;
  if (sent?.type !== "payid" || typeof sent.pay_id !== "string") return null;
  const payId = normalisePayId(sent.pay_id);
  return payId && payId.length <= 80 && !payId.includes("\u0000") ? recipientRead(mode, payId) : null;
}

const referenceConflict = () => appError("REFERENCE_CONFLICT", { message: "This reference was already used for a different transfer." });

async function existingByReference(tx: DbOrTx, input: InitiateInput, hash: string): Promise<Transfer | null> {
  if (!input.body.reference) return null;
  const [row] = await tx
    .select()
    .from(transfers)
    .where(and(eq(transfers.merchantId, input.merchantId), eq(transfers.mode, input.mode), eq(transfers.merchantReference, input.body.reference)));
  if (!row) return null;
  if (row.requestHash !== hash) throw referenceConflict();
  return row;
}

const newReference = () => `TRF_${Date.now().toString(36).toUpperCase()}${randomBase62(10).toUpperCase()}`;

/** The transfer row, whole, as this request will insert it (so nothing needs reading back). */
function newTransfer(input: InitiateInput, recipient: TransferRecipient | null, hash: string): Transfer {
  const { body } = input;
  const bank = body.type === "bank_transfer" ? findBank(body.bank_code) : undefined;
  if (body.type === "bank_transfer" && !bank) throw validationError([`bank_code ${body.bank_code} is not a known bank code`]);
  // Live with no rail that pays out: 503 RAIL_UNAVAILABLE before anything is debited (supplement §11).
  if (body.type === "bank_transfer") assertRail(input.mode, "transfers");
  const charges = transferCharges({ amount: body.amount, type: body.type });
  const now = new Date();
  return {
    id: uuidv7(),
    reference: newReference(),
    publicId: prefixedId("transfer"),
    merchantId: input.merchantId,
    mode: input.mode,
    keyPairId: input.keyPairId,
    walletPayIdId: input.walletPayIdId,
    type: body.type,
    // A PayID transfer is complete the moment its statement commits.
    status: recipient ? "completed" : "pending",
    amount: charges.amount,
    fee: charges.fee,
    vat: charges.vat,
    stampDuty: charges.stamp_duty,
    narration: body.narration ?? null,
    recipientName: recipient ? recipient.name : body.type === "bank_transfer" ? body.account_name : "",
    recipientBankCode: bank?.bankCode ?? null,
    recipientBankName: bank?.bankName ?? null,
    recipientAccountNumber: body.type === "bank_transfer" ? body.account_number : null,
    recipientPayIdId: recipient?.payIdId ?? null,
    merchantReference: body.reference ?? null,
    requestHash: hash,
    metadata: body.metadata ?? null,
    source: input.source,
    failureReason: null,
    rail: null,
    railReference: null,
    railAttention: null,
    railFee: null,
    railsRefused: null,
    statusChecks: 0,
    reversedAt: null,
    bankSubmittedAt: null,
    // A bank transfer is due at once (the database's clock, set in the statement): the next
    // scheduler pass sends it if this request dies before the bank call (the bank
    // deduplicates on our reference), or collects its outcome.
    nextCheckAt: null,
    completedAt: recipient ? now : null,
    failedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * `transfer.sent` in the audit log, written with the transfer in its statement
 * (db/statements/transfers.ts): what a dashboard transfer's audit row says.
 */
function transferAudit(t: Transfer, body: InitiateTransferBody, actor: Actor): TransferAuditRow {
  const recipient =
    body.type === "bank_transfer"
      ? `${t.recipientName} · ${t.recipientBankName} ${t.recipientAccountNumber}`
      : `${t.recipientName} · @${body.pay_id.replace(/^@/, "")}`;
  const changes = {
    status: { to: t.status },
    amount: { to: t.amount },
    fees: { to: t.fee + t.vat + t.stampDuty },
    type: { to: t.type },
    recipient: { to: recipient },
    ...(t.narration ? { narration: { to: t.narration } } : {}),
    ...(t.merchantReference ? { merchant_reference: { to: t.merchantReference } } : {}),
  };
  return { id: uuidv7(), actorType: actor.type, actorUserId: actor.userId ?? null, changes, ip: actor.ip ?? null, userAgent: actor.userAgent ?? null };
}

/** The ledger entry and the events of a new transfer: PayID wallet to wallet, or the bank transfer's debit. */
async function postingsAndEvents(db: Db, input: InitiateInput, t: Transfer, recipient: TransferRecipient | null) {
  const from = await walletAccountFor(db, { id: input.walletPayIdId, merchantId: input.merchantId, mode: input.mode });
  if (!recipient) {
    const held = await platformAccount(db, input.mode, "transfers_in_flight");
    const entry: EntryInput = {
      reference: debitReference(t),
      mode: input.mode,
      merchantId: input.merchantId,
      kind: "transfer_debit",
      description: `Transfer to ${t.recipientName} (${t.recipientBankName})`,
      metadata: { transfer: t.reference, amount: t.amount, fee: t.fee, vat: t.vat, stamp_duty: t.stampDuty },
      moves: [{ from: from.id, to: held.id, amount: transferTotal(t) }],
    };
    return { entry, events: [] as EmitInput[] };
  }
  const to = await walletAccountFor(db, { id: recipient.payIdId, merchantId: recipient.merchantId, mode: input.mode });
  const entry: EntryInput = {
    reference: t.reference,
    mode: input.mode,
    merchantId: input.merchantId,
    kind: "payid_transfer",
    description: `PayID transfer to @${recipient.payId}`,
    metadata: { transfer: t.reference, recipient_merchant_id: recipient.merchantId },
    moves: [{ from: from.id, to: to.id, amount: t.amount }],
  };
  // The recipient sees a payment in (charge.success, payid channel, free); the sender's key
  // hears transfer.success.
  const paid = chargeSuccessData({
    reference: t.reference,
    amount: t.amount,
    channel: "payid",
    fee: 0,
    payer: { name: input.merchantName },
    paidAt: t.completedAt!,
  });
  const sent = transferEventData(t);
  const events: EmitInput[] = [
    ...recipient.keyPairIds.map((keyPairId) => ({ merchantId: recipient.merchantId, mode: input.mode, keyPairId, type: "charge.success", data: paid })),
    ...(await transferEventKeys(db, t)).map((keyPairId) => ({
      merchantId: input.merchantId,
      mode: input.mode,
      keyPairId,
      type: "transfer.success",
      data: sent,
    })),
  ];
  return { entry, events };
}

/**
 * POST /v1/checkout/transfer and the dashboard's "send money". The debit (amount + fee +
 * VAT + stamp duty) and the pending record commit together before the bank is called; the
 * caller's `reference` makes it idempotent (same body: the same transfer back; a different
 * body: 409). PayID transfers move wallet to wallet at once, free.
 *
 * The transfer row, its ledger entry and its events are one statement (its own transaction):
 * one round trip, and the sender's wallet is locked only from its ledger step to the commit.
 * A reference already taken (a replay, or a concurrent twin that committed first) writes
 * nothing and answers the existing transfer, or 409.
 */
export async function initiateTransfer(db: Db, input: InitiateInput): Promise<TransferView> {
  const { body } = input;
  const hash = fingerprint(body);
  let recipient: TransferRecipient | null = null;
  if (body.type === "payid") {
    try {
      recipient = await findTransferRecipient(
        db,
        { mode: input.mode, payId: body.pay_id, senderMerchantId: input.merchantId },
        input.recipientRows ?? undefined,
      );
    } catch (err) {
      // A replay answers with the transfer it already made, even if the recipient changed since.
      const existing = isAppError(err) ? await existingByReference(db, input, hash) : null;
      if (existing) return toTransferView(existing);
      throw err;
    }
  }
  const transfer = newTransfer(input, recipient, hash);
  const { entry, events } = await postingsAndEvents(db, input, transfer, recipient);

  const recipientPayment = recipient
    ? { id: uuidv7(), merchantId: recipient.merchantId, payIdId: recipient.payIdId, senderName: input.merchantName ?? null }
    : null;
  const rows = outboxRows(events);
  const audit = input.source === "dashboard" ? transferAudit(transfer, body, input.actor) : null;
  const ledger = ledgerEntry(entry);
  const limits = limitedTransfer(transfer);
  let row: NewTransferRow | undefined;
  try {
    // One statement (db/statements/transfers.ts): the day's totals are locked before the
    // wallet's ledger account, as a failed transfer's release takes them.
    row = await insertTransfer(db, { transfer, limits, recipientPayment, events: rows, audit, entry: ledger });
  } catch (err) {
    throw limitError(ledger.error(err));
  }
  if (!row!.inserted) {
    // The reference is taken: by this very request before (a replay), or a concurrent one.
    const existing = await existingByReference(db, input, hash);
    if (existing) return toTransferView(existing);
    // Or a members-only wallet refused the recipient.
    if (!row!.allowed) throw recipientNotAllowed();
    throw new Error("initiateTransfer: no transfer written and no reason known");
  }

  deliverAfterCommit(splitEventIds(row!.pending_event_ids));
  if (transfer.type !== "bank_transfer") return toTransferView(transfer);
  return toTransferView(await submitToBank(db, transfer));
}
