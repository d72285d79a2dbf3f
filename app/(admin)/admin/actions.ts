"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { STATIC_ACCOUNT_STATES } from "@/lib/merchants/set-static-accounts";
import { adminAction } from "@/lib/admin/admin-action";
import { decideRefund } from "@/lib/admin/refund-reviews";
import { setMerchantSuspended, SuspensionReason } from "@/lib/admin/suspend-merchant";
import { setKeyLimits } from "@/lib/keys/set-key-limits";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { processRefund } from "@/lib/refunds/approve-refund";
import { RejectionReason } from "@/lib/refunds/refund-input";
import { approvalOutcomeMessage } from "@/lib/refunds/refund-view";
import { suspendStaticAccount } from "@/lib/static-accounts/change-static-account-status";

/*
 * /admin's actions: admins only, checked fresh on the server (adminAction), audited by the
 * commands they call. Refund decisions are guarded updates: an admin clicking twice, or two
 * admins at once, decide a refund once; the loser gets "This refund is … and can no longer be …".
 */

const RefundId = z.string().trim().min(1).max(64);

export const approveRefundAction = adminAction.inputSchema(z.object({ refundId: RefundId })).action(async ({ parsedInput, ctx }) => {
  const refund = await decideRefund(ctx.db, { refundId: parsedInput.refundId, decision: "approve", actor: ctx.actor });
  revalidatePath("/admin/refunds");
  revalidatePath(`/admin/refunds/${refund.id}`);
  return { status: refund.status, message: approvalOutcomeMessage(refund) };
});

export const rejectRefundAction = adminAction.inputSchema(z.object({ refundId: RefundId, reason: RejectionReason })).action(async ({ parsedInput, ctx }) => {
  const refund = await decideRefund(ctx.db, { refundId: parsedInput.refundId, decision: "reject", reason: parsedInput.reason, actor: ctx.actor });
  revalidatePath("/admin/refunds");
  revalidatePath(`/admin/refunds/${refund.id}`);
  return { status: refund.status };
});

export const setProductStateAction = adminAction
  .inputSchema(z.object({ merchantId: z.string().uuid(), state: z.enum(STATIC_ACCOUNT_STATES) }))
  .action(async ({ parsedInput, ctx }) => {
    const result = await setStaticAccounts(ctx.db, { merchantId: parsedInput.merchantId, staticAccounts: parsedInput.state, actor: ctx.actor });
    revalidatePath("/admin");
    revalidatePath(`/admin/merchants/${parsedInput.merchantId}`);
    return result;
  });

export const suspendStaticAccountAction = adminAction.inputSchema(z.object({ id: z.string().trim().min(1).max(64) })).action(async ({ parsedInput, ctx }) => {
  const account = await suspendStaticAccount(ctx.db, { id: parsedInput.id, actor: ctx.actor });
  revalidatePath(`/admin/merchants/${account.merchantId}`);
  return { id: account.id, status: account.status };
});

export const retryRefundAction = adminAction.inputSchema(z.object({ refundId: RefundId })).action(async ({ parsedInput, ctx }) => {
  const refund = await processRefund(ctx.db, { refundId: parsedInput.refundId });
  revalidatePath(`/admin/refunds/${refund.id}`);
  return { status: refund.status };
});

/** A key pair's rate limits: an operator setting (supplement §1), audited with before → after. */
export const setKeyLimitsAction = adminAction
  .inputSchema(z.object({ keyPairId: z.string().uuid(), rateLimit: z.coerce.number(), initializeLimit: z.coerce.number() }))
  .action(async ({ parsedInput, ctx }) => {
    const { keyPairId, rateLimit, initializeLimit } = parsedInput;
    const view = await setKeyLimits(ctx.db, { keyPairId, limits: { rateLimit, initializeLimit }, actor: ctx.actor });
    revalidatePath(`/admin/merchants/${view.merchantId}`);
    return { rateLimit: view.rateLimit, initializeLimit: view.initializeLimit };
  });

/**
 * Suspend a merchant, or lift its suspension, with the admin's reason (audited with who and
 * why). While suspended its API keys answer 403 MERCHANT_SUSPENDED and its dashboard refuses
 * money-moving actions.
 */
export const setMerchantSuspendedAction = adminAction
  .inputSchema(z.object({ merchantId: z.string().uuid(), suspended: z.boolean(), reason: SuspensionReason }))
  .action(async ({ parsedInput, ctx }) => {
    const result = await setMerchantSuspended(ctx.db, { ...parsedInput, actor: ctx.actor });
    revalidatePath("/admin");
    revalidatePath(`/admin/merchants/${parsedInput.merchantId}`);
    return { suspended: result.suspended, changed: result.changed };
  });
