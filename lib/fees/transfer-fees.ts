import { z } from "zod";
import { kobo, responseSchema } from "@/lib/response-schema";
import { percentHalfUp } from "./collection-fee";

/**
 * Transfer fees as dated data (supplement §3): an operator schedules a change by adding a
 * schedule with a later `effectiveFrom`; the newest one in force applies. All kobo.
 */
type FeeSchedule = {
  effectiveFrom: string;
  /** Fee by amount band: the first band whose `upTo` covers the amount (null: no upper end). */
  bands: { upTo: number | null; fee: number }[];
  vatBps: number;
  stampDuty: { from: number; amount: number };
};

export const TRANSFER_FEE_SCHEDULES: readonly FeeSchedule[] = [
  {
    effectiveFrom: "2025-01-01T00:00:00+01:00",
    bands: [
      { upTo: 500_000, fee: 1_000 },
      { upTo: 5_000_000, fee: 2_500 },
      { upTo: null, fee: 5_000 },
    ],
    vatBps: 750, // 7.5% of the fee, rounded half up
    stampDuty: { from: 1_000_000, amount: 5_000 }, // charged to the sender (Nigeria Tax Act 2025)
  },
];

/** A bank transfer's charges as quoted (POST /v1/checkout/transfer/charges). */
export const TransferChargesSchema = responseSchema(
  "TransferCharges",
  z.object({ amount: kobo(), fee: kobo(), vat: kobo(), stamp_duty: kobo(), total: kobo(), currency: z.literal("NGN") }),
);
export type TransferCharges = z.output<typeof TransferChargesSchema>;

function scheduleAt(at: Date): FeeSchedule {
  const inForce = TRANSFER_FEE_SCHEDULES.filter((s) => new Date(s.effectiveFrom) <= at);
  return inForce.sort((a, b) => Date.parse(b.effectiveFrom) - Date.parse(a.effectiveFrom))[0] ?? TRANSFER_FEE_SCHEDULES[0]!;
}

/** What a transfer of `amount` costs the sender. PayID transfers are free. */
export function transferCharges(input: { amount: number; type: "bank_transfer" | "payid"; at?: Date }): TransferCharges {
  const { amount } = input;
  if (input.type === "payid") return { amount, fee: 0, vat: 0, stamp_duty: 0, total: amount, currency: "NGN" };
  const s = scheduleAt(input.at ?? new Date());
  const fee = s.bands.find((b) => b.upTo === null || amount <= b.upTo)!.fee;
  const vat = percentHalfUp(fee, s.vatBps);
  const stamp_duty = amount >= s.stampDuty.from ? s.stampDuty.amount : 0;
  return { amount, fee, vat, stamp_duty, total: amount + fee + vat + stamp_duty, currency: "NGN" };
}
