import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { transfers, type Mode, type PayId, type Transfer } from "@/db/schema";
import { findBank } from "@/lib/bank/nigerian-banks";
import { AppError, isAppError, validationError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { emitEvents, type EmitInput } from "@/lib/events/emit-event";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { prefixedId, randomBase62 } from "@/lib/ids";
import { platformAccount, walletAccountFor } from "@/lib/ledger/accounts";
import { postEntry } from "@/lib/ledger/post-entry";
import { chargeSuccessData } from "@/lib/payments/receive-payment";
import { walletKeyPairIds } from "@/lib/payments/wallet-key-pairs";
import { findRecipientWallet } from "./lookup-recipient";
import { submitToBank } from "./submit-to-bank";
import { debitReference } from "./transfer-references";
import { transferEventData, transferEventKeys } from "./transfer-events";
import type { InitiateTransferBody } from "./transfer-input";
import { toTransferView, type TransferView } from "./transfer-view";

export type InitiateInput = {
  merchantId: string;
  /** The sender's name, shown to PayID recipients (the key or session already knows it). */
  merchantName: string;
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

const newReference = () => `TRF_${Date.now().toString(36).toUpperCase()}${randomBase62(10).toUpperCase()}`;

/**
 * POST /v1/checkout/transfer and the dashboard's "send money". The debit (amount + fee +
 * VAT + stamp duty) and the pending record commit together before the bank is called; the
 * caller's `reference` makes it idempotent (same body: the same transfer back; a different
 * body: 409). PayID transfers move wallet to wallet at once, free.
 *
 * The ledger posting (which locks the sender's wallet) is the transaction's last statement,
 * so concurrent transfers from one wallet wait for each other as briefly as possible.
 */
export async function initiateTransfer(db: Db, input: InitiateInput): Promise<TransferView> {
  const { body } = input;
  const hash = fingerprint(body);
  const bank = body.type === "bank_transfer" ? findBank(body.bank_code) : undefined;
  if (body.type === "bank_transfer" && !bank) throw validationError([`bank_code ${body.bank_code} is not a known bank code`]);
  const charges = transferCharges({ amount: body.amount, type: body.type });

  const { transfer, eventIds, replay } = await db.transaction(async (tx) => {
    let recipient: { payId: PayId; name: string } | null = null;
    if (body.type === "payid") {
      try {
        recipient = await findRecipientWallet(tx, { mode: input.mode, payId: body.pay_id, senderMerchantId: input.merchantId });
      } catch (err) {
        // A replay answers with the transfer it already made, even if the recipient changed since.
        const existing = isAppError(err) ? await existingByReference(tx, input, hash) : null;
        if (existing) return { transfer: existing, eventIds: [] as string[], replay: true };
        throw err;
      }
    }
    const reference = newReference();
    const now = new Date();
    const [inserted] = await tx
      .insert(transfers)
      .values({
        reference,
        publicId: prefixedId("transfer"),
        merchantId: input.merchantId,
        mode: input.mode,
        keyPairId: input.keyPairId,
        walletPayIdId: input.walletPayIdId,
        type: body.type,
        // A PayID transfer is complete the moment this transaction commits.
        status: recipient ? "completed" : "pending",
        completedAt: recipient ? now : null,
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
        nextCheckAt: recipient ? null : sql`now()`,
      })
      .onConflictDoNothing({ target: [transfers.merchantId, transfers.mode, transfers.merchantReference], where: sql`merchant_reference is not null` })
      .returning();
    if (!inserted) {
      // The reference is taken: by this very request before (a replay), or a concurrent one.
      return { transfer: (await existingByReference(tx, input, hash))!, eventIds: [] as string[], replay: true };
    }

    const from = await walletAccountFor(tx, { id: input.walletPayIdId, merchantId: input.merchantId, mode: input.mode });
    let eventIds: string[] = [];
    if (recipient) {
      // The recipient sees a payment in (charge.success, payid channel, free); the sender's
      // key hears transfer.success.
      const paid = chargeSuccessData({ reference, amount: charges.amount, channel: "payid", fee: 0, payer: { name: input.merchantName }, paidAt: now });
      const toRecipient: EmitInput[] = (await walletKeyPairIds(tx, recipient.payId)).map((keyPairId) => ({
        merchantId: recipient.payId.merchantId,
        mode: input.mode,
        keyPairId,
        type: "charge.success",
        data: paid,
      }));
      const toSender: EmitInput[] = (await transferEventKeys(tx, inserted)).map((keyPairId) => ({
        merchantId: input.merchantId,
        mode: input.mode,
        keyPairId,
        type: "transfer.success",
        data: transferEventData(inserted),
      }));
      eventIds = await emitEvents(tx, [...toRecipient, ...toSender]);
      const to = await walletAccountFor(tx, recipient.payId);
      await postEntry(tx, {
        reference,
        mode: input.mode,
        merchantId: input.merchantId,
        kind: "payid_transfer",
        description: `PayID transfer to @${recipient.payId.payId}`,
        metadata: { transfer: reference, recipient_merchant_id: recipient.payId.merchantId },
        moves: [{ from: from.id, to: to.id, amount: charges.amount }],
      });
    } else {
      const held = await platformAccount(tx, input.mode, "transfers_in_flight");
      await postEntry(tx, {
        reference: debitReference(inserted),
        mode: input.mode,
        merchantId: input.merchantId,
        kind: "transfer_debit",
        description: `Transfer to ${inserted.recipientName} (${bank!.bankName})`,
        metadata: { transfer: reference, amount: charges.amount, fee: charges.fee, vat: charges.vat, stamp_duty: charges.stamp_duty },
        moves: [{ from: from.id, to: held.id, amount: charges.total }],
      });
    }
    return { transfer: inserted, eventIds, replay: false };
  });

  deliverAfterCommit(eventIds);
  if (replay || transfer.type !== "bank_transfer") return toTransferView(transfer);
  return toTransferView(await submitToBank(db, transfer));
}
