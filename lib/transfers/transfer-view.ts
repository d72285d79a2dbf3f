import { z } from "zod";
import { TRANSFER_STATUSES, TRANSFER_TYPES, type Transfer } from "@/db/schema";
import { kobo, metadata, nullableTimestamp, pageOf, responseSchema, timestamp } from "@/lib/response-schema";

/** api.md's Transfer object. */
export const TransferSchema = responseSchema(
  "Transfer",
  z.object({
    reference: z.string(),
    public_id: z.string(),
    type: z.enum(TRANSFER_TYPES),
    status: z.enum(TRANSFER_STATUSES),
    amount: kobo(),
    fees: kobo(),
    vat: kobo(),
    stamp_duty: kobo(),
    currency: z.literal("NGN"),
    narration: z.string().nullable(),
    recipient: z.object({ name: z.string(), bank: z.string().nullable(), account_number: z.string().nullable() }),
    merchant_reference: z.string().nullable(),
    metadata: metadata().nullable(),
    source: z.string().meta({ description: "`api`, `dashboard`, or `payout` (an automatic payout to the payout account)" }),
    created_at: timestamp(),
    completed_at: nullableTimestamp(),
  }),
);
export type TransferView = z.output<typeof TransferSchema>;
export const TransferPageSchema = responseSchema("TransferPage", pageOf(TransferSchema));

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
