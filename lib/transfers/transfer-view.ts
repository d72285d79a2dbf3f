import type { Transfer } from "@/db/schema";

/** api.md's Transfer object. */
export type TransferView = {
  reference: string;
  public_id: string;
  type: Transfer["type"];
  status: Transfer["status"];
  amount: number;
  fees: number;
  vat: number;
  stamp_duty: number;
  currency: "NGN";
  narration: string | null;
  recipient: { name: string; bank: string | null; account_number: string | null };
  merchant_reference: string | null;
  metadata: Record<string, unknown> | null;
  /** Who made it: `api`, `dashboard`, or `payout` (an automatic payout, supplement §13). */
  source: string;
  created_at: string;
  completed_at: string | null;
};

export function toTransferView(t: Transfer): TransferView {
  return {
    reference: t.reference,
    public_id: t.publicId,
    type: t.type,
    status: t.status,
    amount: t.amount,
    fees: t.fee,
    vat: t.vat,
    stamp_duty: t.stampDuty,
    currency: "NGN",
    narration: t.narration,
    recipient: { name: t.recipientName, bank: t.recipientBankName, account_number: t.recipientAccountNumber },
    merchant_reference: t.merchantReference,
    metadata: t.metadata,
    source: t.source,
    created_at: t.createdAt.toISOString(),
    completed_at: t.completedAt?.toISOString() ?? null,
  };
}
