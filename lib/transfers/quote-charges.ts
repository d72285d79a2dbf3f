import type { z } from "zod";
import { findBank } from "@/lib/bank/nigerian-banks";
import { validationError } from "@/lib/errors";
import { transferCharges, type TransferCharges } from "@/lib/fees/transfer-fees";
import type { ChargesBody } from "./transfer-input";

/** POST /v1/checkout/transfer/charges: what a bank transfer of this amount costs. */
export function quoteCharges(body: z.output<typeof ChargesBody>): TransferCharges {
  if (!findBank(body.bank_code)) throw validationError([`bank_code ${body.bank_code} is not a known bank code`]);
  return transferCharges({ amount: body.amount, type: "bank_transfer" });
}
