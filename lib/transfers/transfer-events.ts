import type { DbOrTx } from "@/db/client";
import type { Transfer } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import { getPayIdById } from "@/lib/payids/find-pay-id";
import { walletKeyPairIds } from "@/lib/wallets/wallet-key-pairs";
import { toTransferView } from "./transfer-view";

/** The key that initiated a transfer hears about it; from the dashboard, the wallet's keys. */
export async function transferEventKeys(tx: DbOrTx, transfer: Transfer): Promise<string[]> {
  if (transfer.keyPairId) return [transfer.keyPairId];
  const wallet = await getPayIdById(tx, transfer.walletPayIdId);
  return wallet ? walletKeyPairIds(tx, wallet) : [];
}

/** The Transfer object, plus failure_reason on transfer.failed (supplement §3). */
export function transferEventData(transfer: Transfer): Record<string, unknown> {
  return { ...toTransferView(transfer), ...(transfer.status === "failed" ? { failure_reason: transfer.failureReason } : {}) };
}

const EVENT_OF_STATUS = { completed: "transfer.success", failed: "transfer.failed", reversed: "transfer.reversed" } as const;

/** transfer.success / transfer.failed / transfer.reversed for a transfer that reached that state. */
export async function emitTransferEvent(tx: DbOrTx, transfer: Transfer): Promise<string[]> {
  if (transfer.status === "pending") return [];
  const type = EVENT_OF_STATUS[transfer.status];
  const keys = await transferEventKeys(tx, transfer);
  return emitEvents(
    tx,
    keys.map((keyPairId) => ({ merchantId: transfer.merchantId, mode: transfer.mode, keyPairId, type, data: transferEventData(transfer) })),
  );
}
