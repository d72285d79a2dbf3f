"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { Db } from "@/db/client";
import { merchantAction, type MerchantScope } from "@/lib/actions/safe-action";
import { requireStepUp } from "@/lib/auth/two-factor/step-up";
import { walletNotLinked } from "@/lib/errors";
import { transferCharges } from "@/lib/fees/transfer-fees";
import { optionalNairaTextSchema } from "@/lib/money";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { decideApproval, sendOrRequestApproval, setApprovalThreshold } from "@/lib/transfers/transfer-approvals";
import { findTransferRecipient } from "@/lib/transfers/lookup-recipient";
import { resolveAccount } from "@/lib/transfers/resolve-account";
import { InitiateTransferBody } from "@/lib/transfers/transfer-input";
import { verifyTransfer } from "@/lib/transfers/verify-transfer";
import { getBalance } from "@/lib/wallets/wallet-balance";

async function walletOf(db: Db, scope: MerchantScope) {
  const wallet = await getWalletPayId(db, scope);
  if (!wallet) throw walletNotLinked();
  return wallet;
}

export const resolveAccountAction = merchantAction("moveMoney")
  .inputSchema(z.object({ accountNumber: z.string().regex(/^\d{10}$/), bankCode: z.string().min(1).max(10) }))
  .action(async ({ parsedInput, ctx }) => {
    return resolveAccount(ctx.mode, { account_number: parsedInput.accountNumber, bank_code: parsedInput.bankCode });
  });

export const lookupPayIdAction = merchantAction("moveMoney")
  .inputSchema(z.object({ payId: z.string().trim().min(1).max(80) }))
  .action(async ({ parsedInput, ctx }) => {
    const recipient = await findTransferRecipient(ctx.db, { mode: ctx.mode, payId: parsedInput.payId, senderMerchantId: ctx.merchant.id });
    return { name: recipient.name, payId: recipient.payId };
  });

/** The quote shown before confirming, with the balance it will come from. */
export const quoteAction = merchantAction("moveMoney")
  .inputSchema(z.object({ amount: z.number().int().min(1), type: z.enum(["bank_transfer", "payid"]) }))
  .action(async ({ parsedInput, ctx }) => {
    const wallet = await walletOf(ctx.db, ctx.scope);
    const balance = await getBalance(ctx.db, { walletPayIdId: wallet.id });
    return { ...transferCharges({ amount: parsedInput.amount, type: parsedInput.type }), available_balance: balance.available_balance };
  });

/** "Send money": the same command as POST /v1/checkout/transfer, validated by the same schema. */
/**
 * "Send money": the second factor asked again when the member has one (requireStepUp); then
 * sent, or, above the business's approval threshold, left waiting for another member.
 */
export const sendMoneyAction = merchantAction("moveMoney", { movesMoney: true })
  .inputSchema(z.object({ transfer: InitiateTransferBody, twoFactorCode: z.string().max(64).optional() }))
  .action(async ({ parsedInput, ctx }) => {
    await requireStepUp(ctx.db, ctx.user.id, parsedInput.twoFactorCode);
    const outcome = await sendOrRequestApproval(ctx.db, {
      ...ctx.scope,
      merchantName: ctx.merchant.name,
      userId: ctx.user.id,
      actor: ctx.actor,
      body: parsedInput.transfer,
    });
    revalidatePath("/dashboard", "layout");
    return outcome.kind === "sent"
      ? { ...outcome.transfer, awaitingApproval: false }
      : { reference: null, status: "awaiting_approval" as const, awaitingApproval: true };
  });

/** Another member (an owner) approves a waiting transfer (it is sent once) or rejects it; never the requester. */
export const decideTransferApprovalAction = merchantAction("approveTransfers", { movesMoney: true })
  .inputSchema(
    z.object({ id: z.string().uuid("No such approval request."), decision: z.enum(["approve", "reject"]), twoFactorCode: z.string().max(64).optional() }),
  )
  .action(async ({ parsedInput, ctx }) => {
    if (parsedInput.decision === "approve") await requireStepUp(ctx.db, ctx.user.id, parsedInput.twoFactorCode);
    const { approval, transfer } = await decideApproval(ctx.db, {
      id: parsedInput.id,
      decision: parsedInput.decision,
      ...ctx.scope,
      userId: ctx.user.id,
      merchantName: ctx.merchant.name,
      actor: ctx.actor,
    });
    revalidatePath("/dashboard/transfers");
    return { status: approval.status, reference: transfer?.reference ?? null };
  });

/** The amount (naira text) above which a dashboard transfer needs a second member; empty turns the rule off. Owners. */
export const setApprovalThresholdAction = merchantAction("approveTransfers")
  .inputSchema(
    z.object({
      threshold: optionalNairaTextSchema({
        minKobo: 10_000,
        messages: {
          invalid: "Enter an amount in naira, like 500000",
          too_small: "The threshold must be at least ₦100",
          decimals: "Use at most two decimals (kobo)",
          negative: "The threshold must be at least ₦100",
        },
      }),
    }),
  )
  .action(async ({ parsedInput, ctx }) => {
    const threshold = await setApprovalThreshold(ctx.db, { ...ctx.scope, threshold: parsedInput.threshold, actor: ctx.actor });
    revalidatePath("/dashboard/transfers");
    return { threshold };
  });

/** Asks the bank for a transfer's latest status: a read (any member), it changes nothing the member decides. */
export const verifyTransferAction = merchantAction("member")
  .inputSchema(z.object({ reference: z.string().min(1).max(128) }))
  .action(async ({ parsedInput, ctx }) => {
    const transfer = await verifyTransfer(ctx.db, { ...ctx.scope, reference: parsedInput.reference });
    revalidatePath(`/dashboard/transfers/${parsedInput.reference}`);
    return transfer;
  });
