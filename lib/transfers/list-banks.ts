import { NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import type { Bank } from "@/lib/bank/provider";

/** GET /v1/checkout/transfer/banks: the built-in list, in every mode, with or without a rail (supplement §11). */
export async function listBanks(): Promise<{ banks: Bank[] }> {
  return { banks: [...NIGERIAN_BANKS] };
}
