import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { merchants, transfers, type Mode, type PayId, type Transfer } from "@/db/schema";
import { findBank } from "@/lib/bank/nigerian-banks";
import { AppError, validationError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { emitEvent } from "@/lib/events/emit-event";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { prefixedId, randomBase62 } from "@/lib/ids";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { findPayId, getPayIdById } from "@/lib/payids/find-pay-id";
import { chargeSuccessData } from "@/lib/payments/receive-payment";
import { walletKeyPairIds } from "@/lib/payments/wallet-key-pairs";
import { submitToBank } from "./submit-to-bank";
import { emitTransferEvent } from "./transfer-events";
import type { InitiateTransferBody } from "./transfer-input";
import { toTransferView, type TransferView } from "./transfer-view";

export type InitiateInput = {
  merchantId: string;
  mode: Mode;
  walletPayIdId: string;
  /** The key that asked (API); null from the dashboard. */
  keyPairId: string | null;
  source: "api" | "dashboard";
  body: InitiateTransferBody;
};

/** Same body (whatever the key order), same fingerprint; the reference itself is left out. */
function fingerprint(body: InitiateTransferBody): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
      : v;
  const { reference: _r, ...rest } = body;
  return createHash("sha256").update(JSON.stringify(canonical(rest))).digest("hex");
}

const referenceConflict = () =>
  new AppError({ code: "REFERENCE_CONFLICT", status: 409, message: "This reference was already used for a different transfer." });

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

async function recipientWallet(tx: DbOrTx, input: InitiateInput, payIdText: string): Promise<{ payId: PayId; name: string }> {
  const payId = await findPayId(tx, { mode: input.mode, payId: payIdText });
  if (!payId || payId.kind !== "wallet" || !payId.isActive) {
    throw new AppError({ code: "ACCOUNT_NOT_FOUND", status: 400, message: "No wallet has this PayID." });
  }
  if (payId.id === input.walletPayIdId) throw validationError(["pay_id is your own wallet: choose another recipient"]);
  const [owner] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, payId.merchantId));
  return { payId, name: owner!.name };
}

/**
 * POST /v1/checkout/transfer and the dashboard's "send money". The debit (amount + fee +
 * VAT + stamp duty) and the pending record commit together before the bank is called; the
 * caller's `reference` makes it idempotent (same body: the same transfer back; a different
 * body: 409). PayID transfers move wallet to wallet at once, free.
 */
export async function initiateTransfer(db: Db, input: InitiateInput): Promise<TransferView> {
  const { body } = input;
  const hash = fingerprint(body);
  const bank = body.type === "bank_transfer" ? findBank(body.bank_code) : undefined;
  if (body.type === "bank_transfer" && !bank) throw validationError([`bank_code ${body.bank_code} is not a known bank code`]);
  const charges = transferCharges({ amount: body.amount, type: body.type });

  const { transfer, eventIds, replay } = await db.transaction(async (tx) => {
    const existing = await existingByReference(tx, input, hash);
    if (existing) return { transfer: existing, eventIds: [] as string[], replay: true };

    const wallet = await getPayIdById(tx, input.walletPayIdId);
    if (!wallet || wallet.merchantId !== input.merchantId) {
      throw new AppError({ code: "WALLET_NOT_LINKED", status: 403, message: "No wallet is linked to this API key." });
    }
    const recipient = body.type === "payid" ? await recipientWallet(tx, input, body.pay_id) : null;
    const reference = `TRF_${Date.now().toString(36).toUpperCase()}${randomBase62(10).toUpperCase()}`;
    const inserted = await tx
      .insert(transfers)
      .values({
        reference,
        publicId: prefixedId("transfer"),
        merchantId: input.merchantId,
        mode: input.mode,
        keyPairId: input.keyPairId,
        walletPayIdId: wallet.id,
        type: body.type,
        amount: charges.amount,
        fee: charges.fee,
        vat: charges.vat,
        stampDuty: charges.stamp_duty,
        narration: body.narration ?? null,
        recipientName: recipient ? recipient.name : body.type === "bank_transfer" ? body.account_name : "",
        recipientBankCode: bank?.bankCode ?? null,
        recipientBankName: bank?.bankName ?? null,
        recipientAccountNumber: body.type === "bank_transfer" ? body.account_number : null,
        recipientPayIdId: recipient?.payId.id ?? null,
        merchantReference: body.reference ?? null,
        requestHash: hash,
        metadata: body.metadata ?? null,
        source: input.source,
        // Due at once: the next scheduler pass sends it if this request dies before the bank
        // call (the bank deduplicates on our reference), or collects its outcome.
        nextCheckAt: body.type === "bank_transfer" ? sql`now()` : null,
      })
      .onConflictDoNothing({ target: [transfers.merchantId, transfers.mode, transfers.merchantReference], where: sql`merchant_reference is not null` })
      .returning();
    if (!inserted[0]) {
      // A concurrent request with the same reference won: answer with its transfer.
      const winner = await existingByReference(tx, input, hash);
      return { transfer: winner!, eventIds: [] as string[], replay: true };
    }
    let transfer: Transfer | undefined = inserted[0];
    const from = await walletAccountFor(tx, wallet);

    if (recipient) {
      const to = await walletAccountFor(tx, recipient.payId);
      const { entry } = await postEntry(tx, {
        reference,
        mode: input.mode,
        merchantId: input.merchantId,
        kind: "payid_transfer",
        description: `PayID transfer to @${recipient.payId.payId}`,
        metadata: { transfer: reference, recipient_merchant_id: recipient.payId.merchantId },
        moves: [{ from: from.id, to: to.id, amount: charges.amount }],
      });
      [transfer] = await tx
        .update(transfers)
        .set({ status: "completed", completedAt: new Date(), debitEntryId: entry.id })
        .where(eq(transfers.id, transfer.id))
        .returning();
      // The recipient sees a payment in: charge.success on the payid channel, free.
      const [sender] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, input.merchantId));
      const data = chargeSuccessData({ reference, amount: charges.amount, channel: "payid", fee: 0, payer: { name: sender!.name }, paidAt: new Date() });
      const ids: string[] = [];
      for (const keyPairId of await walletKeyPairIds(tx, recipient.payId)) {
        ids.push(await emitEvent(tx, { merchantId: recipient.payId.merchantId, mode: input.mode, keyPairId, type: "charge.success", data }));
      }
      ids.push(...(await emitTransferEvent(tx, transfer!)));
      return { transfer: transfer!, eventIds: ids, replay: false };
    }

    const held = await platformAccount(tx, input.mode, "transfers_in_flight");
    const { entry } = await postEntry(tx, {
      reference: `${reference}:debit`,
      mode: input.mode,
      merchantId: input.merchantId,
      kind: "transfer_debit",
      description: `Transfer to ${body.type === "bank_transfer" ? `${body.account_name} (${bank!.bankName})` : ""}`,
      metadata: { transfer: reference, amount: charges.amount, fee: charges.fee, vat: charges.vat, stamp_duty: charges.stamp_duty },
      moves: [{ from: from.id, to: held.id, amount: charges.total }],
    });
    [transfer] = await tx.update(transfers).set({ debitEntryId: entry.id }).where(eq(transfers.id, transfer.id)).returning();
    return { transfer: transfer!, eventIds: [] as string[], replay: false };
  });

  deliverAfterCommit(eventIds);
  if (replay || transfer.type !== "bank_transfer") return toTransferView(transfer);
  return toTransferView(await submitToBank(db, transfer));
}
