import { z } from "zod";
import type { Db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { deliverAfterCommit } from "@/lib/events/deliver-after-commit";
import { findPayId } from "@/lib/payids/find-pay-id";
import { receivePayment } from "./receive-payment";

const DESTINATIONS = ["account_number", "pay_id", "session_id", "invoice_id"] as const;

export const SandboxPaymentBody = z
  .object({
    account_number: z.string().trim().max(20).optional(),
    pay_id: z.string().trim().min(1).max(80).optional(),
    session_id: z.string().trim().max(64).optional(),
    invoice_id: z.string().trim().max(64).optional(),
    channel: z.enum(["bank_transfer", "payid", "card", "crypto"]).optional(),
    amount: z
      .number({ error: (i) => (i.input === undefined ? "amount is required" : "amount must be an integer number of kobo") })
      .int("amount must be an integer number of kobo")
      .min(1, "amount must be at least 1 kobo")
      .max(100_000_000_000, "amount must be at most 100000000000 kobo"),
    payer: z
      .object({ name: z.string().trim().max(200).optional(), bank: z.string().trim().max(100).optional(), account: z.string().trim().max(20).optional() })
      .optional(),
    narration: z.string().max(255).optional(),
    asset: z.string().max(10).optional(),
    network: z.string().max(20).optional(),
  })
  .refine((b) => DESTINATIONS.filter((d) => b[d] !== undefined).length === 1, {
    message: "body needs exactly one of account_number, pay_id, session_id, invoice_id",
    path: [],
  });

const destinationNotFound = (what: string) => new AppError({ code: "DESTINATION_NOT_FOUND", status: 400, message: `No ${what} matches this payment.` });

/**
 * POST /v1/sandbox/payments: books a payment exactly as a real inbound payment would. Today
 * PayIDs (wallet) are payable; accounts, sessions and invoices join as their issues land.
 */
export async function makeSandboxPayment(db: Db, input: { mode: Mode; body: z.output<typeof SandboxPaymentBody> }) {
  const { body } = input;
  const result = await db.transaction(async (tx) => {
    if (body.pay_id !== undefined) {
      const payId = await findPayId(tx, { mode: input.mode, payId: body.pay_id });
      if (!payId || payId.kind !== "wallet") throw destinationNotFound("PayID");
      if (!payId.isActive) throw new AppError({ code: "DESTINATION_CLOSED", status: 400, message: "This PayID no longer accepts payments." });
      return receivePayment(tx, { destination: { kind: "wallet", payId }, amount: body.amount, channel: "payid", payer: body.payer, narration: body.narration });
    }
    throw destinationNotFound(body.account_number !== undefined ? "account" : body.session_id !== undefined ? "session" : "invoice");
  });
  deliverAfterCommit(result.eventIds);
  return { reference: result.reference, channel: result.channel, amount: result.amount, status: result.status };
}
