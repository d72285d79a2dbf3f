import type { DbOrTx } from "@/db/client";
import { type Transfer } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import { getPayIdById } from "@/lib/payids/find-pay-id";
import { walletKeyPairIds } from "@/lib/payments/wallet-key-pairs";
import { toTransferView } from "./transfer-view";

/**
 * transfer.success / transfer.failed (supplement §3): the Transfer object, plus
 * failure_reason on failure. Sent to the key that initiated it, or (from the dashboard) to
 * the keys linked to the wallet.
 */
export async function emitTransferEvent(tx: DbOrTx, transfer: Transfer): Promise<string[]> {
  if (transfer.status === "pending") return [];
  const keyPairIds = transfer.keyPairId ? [transfer.keyPairId] : await walletKeyPairIds(tx, (await getPayIdById(tx, transfer.walletPayIdId))!);
  const type = transfer.status === "completed" ? "transfer.success" : "transfer.failed";
  const data = { ...toTransferView(transfer), ...(transfer.status === "failed" ? { failure_reason: transfer.failureReason } : {}) };
  const ids: string[] = [];
  for (const keyPairId of keyPairIds) ids.push(await emitEvent(tx, { merchantId: transfer.merchantId, mode: transfer.mode, keyPairId, type, data }));
  return ids;
}
