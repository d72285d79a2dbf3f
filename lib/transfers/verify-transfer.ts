import type { Db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { getTransferOrThrow } from "./get-transfer";
import { refreshFromBank } from "./submit-to-bank";
import { toTransferView, type TransferView } from "./transfer-view";

/** GET /v1/checkout/transfer/:reference/verify: asks the bank for the latest status first. */
export async function verifyTransfer(db: Db, input: { merchantId: string; mode: Mode; reference: string }): Promise<TransferView> {
  const transfer = await getTransferOrThrow(db, input);
  return toTransferView(await refreshFromBank(db, transfer));
}
