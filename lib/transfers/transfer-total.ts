import type { Transfer } from "@/db/schema";

/** What a transfer takes from the wallet: the amount plus fee, VAT and stamp duty (kobo). */
export function transferTotal(t: Pick<Transfer, "amount" | "fee" | "vat" | "stampDuty">): number {
  return t.amount + t.fee + t.vat + t.stampDuty;
}
