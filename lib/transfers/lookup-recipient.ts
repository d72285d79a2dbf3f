import type { DbOrTx } from "@/db/client";
import type { Mode } from "@/db/schema";
import { readTransferRecipient, transferRecipientRead, type RecipientRow } from "@/db/statements/transfer-recipient";
import { appError, validationError } from "@/lib/errors";
import { normalisePayId } from "@/lib/payids/find-pay-id";

/** What initiateTransfer needs of a PayID recipient: the wallet, its display name (supplement §7; else its owner's name) and who hears of the money. */
export type TransferRecipient = {
  payIdId: string;
  payId: string;
  merchantId: string;
  name: string;
  /** The active key pairs that link (or settle to) the wallet: each gets a charge.success. */
  keyPairIds: string[];
};

export type { RecipientRow };

/** findTransferRecipient's read of a (normalised) PayID, to send with the request's rate-limit count. */
export const recipientRead = transferRecipientRead;

/**
 * The wallet a PayID transfer would go to, its owner's name and the recipient's key pairs
 * (walletKeyPairIds), in one prepared round trip: initiateTransfer's recipient (so the
 * transfer itself is one statement) and the dashboard's "name enquiry" for PayIDs.
 */
export async function findTransferRecipient(
  tx: DbOrTx,
  input: { mode: Mode; payId: string; senderMerchantId: string },
  /** The read's rows when they came with the request (recipientRead, prefetched for this PayID). */
  known?: RecipientRow[],
): Promise<TransferRecipient> {
  const [row] = known ?? (await readTransferRecipient(tx, { mode: input.mode, payId: normalisePayId(input.payId) }));
  // Only an active wallet PayID of another merchant can receive a transfer.
  if (!row || row.kind !== "wallet" || !row.is_active) {
    throw appError("ACCOUNT_NOT_FOUND", { message: "No wallet has this PayID." });
  }
  // A merchant has one wallet per mode: a recipient wallet of the sender is its own.
  if (row.merchant_id === input.senderMerchantId) throw validationError(["pay_id is your own wallet: choose another recipient"]);
  return { payIdId: row.id, payId: row.pay_id, merchantId: row.merchant_id, name: row.name, keyPairIds: row.key_pair_ids ? row.key_pair_ids.split(",") : [] };
}
