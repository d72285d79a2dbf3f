import { z } from "zod";
import type { Db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { decideSandboxTransfer } from "@/lib/rails/sandbox/sandbox-transfers";
import { invalidState } from "@/lib/errors";
import { getTransferOrThrow } from "./get-transfer";
import { submitToBank } from "./submit-to-bank";
import { toTransferView, type TransferView } from "./transfer-view";

export const SandboxOutcomeBody = z.object({
  status: z.enum(["completed", "failed"], { error: (i) => (i.input === undefined ? "status is required" : "status must be one of completed, failed") }),
  reason: z.string({ error: "reason must be a string" }).max(255, "reason must be at most 255 characters").optional(),
});

/**
 * POST /v1/sandbox/transfers/:reference/outcome: decides how a pending bank transfer ends
 * at the sandbox bank. The transfer itself moves on its next verify or scheduler pass. One the
 * bank already settled, Owo not yet told, is refused like a settled one (INVALID_STATE).
 */
export async function setSandboxOutcome(
  db: Db,
  input: { merchantId: string; mode: Mode; reference: string; body: z.output<typeof SandboxOutcomeBody> },
): Promise<TransferView> {
  let transfer = await getTransferOrThrow(db, input);
  if (transfer.type !== "bank_transfer" || transfer.status !== "pending") {
    throw invalidState(`Transfer is ${transfer.status}: only a pending bank transfer can be decided.`);
  }
  if (!transfer.bankSubmittedAt) transfer = await submitToBank(db, transfer); // make sure the bank has it
  const decided = await decideSandboxTransfer({ reference: transfer.reference, status: input.body.status, reason: input.body.reason });
  // The bank settled it already (a scheduler pass got there first): Owo moves it on its next look.
  if (!decided) throw invalidState("Transfer is already settled at the sandbox bank: only a pending bank transfer can be decided.");
  return toTransferView(transfer);
}
