import { getBank } from "@/lib/bank";
import type { Bank } from "@/lib/bank/provider";

/** GET /v1/checkout/transfer/banks */
export async function listBanks(): Promise<{ banks: Bank[] }> {
  return { banks: await getBank().listBanks() };
}
