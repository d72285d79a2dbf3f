import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dynamicPayIds, merchants, virtualAccounts, type CheckoutSession, type DynamicPayId, type VirtualAccount } from "@/db/schema";
import { createDynamicPayId } from "@/lib/payids/dynamic-payids";
import { expireDynamicPayIdIfDue } from "@/lib/payids/expire-dynamic-payid";
import { expireVirtualAccountIfDue } from "@/lib/virtual-accounts/expire-virtual-account";
import { issueVirtualAccount, virtualAccountName } from "@/lib/virtual-accounts/issue-virtual-account";
import { toBankTransferDetails, toPayIdDetails, type PaymentDetails } from "./session-views";

/** The methods /v1 selects (api.md: `bank_transfer` or `payid`); card and crypto are taken on the hosted page. */
export const SELECTABLE_METHODS = ["bank_transfer", "payid"] as const;
export type SelectableMethod = (typeof SELECTABLE_METHODS)[number];

export const isSelectable = (m: string): m is SelectableMethod => (SELECTABLE_METHODS as readonly string[]).includes(m);

/** The session's (or invoice's) virtual account while it still takes money (pending), else null. */
export async function liveVirtualAccount(tx: DbOrTx, session: Pick<CheckoutSession, "virtualAccountId">): Promise<VirtualAccount | null> {
  if (!session.virtualAccountId) return null;
  const [row] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, session.virtualAccountId));
  const account = row ? await expireVirtualAccountIfDue(tx, row) : null;
  return account?.status === "pending" ? account : null;
}

/** The session's (or invoice's) dynamic PayID while it still takes money (active), else null. */
export async function liveDynamicPayId(tx: DbOrTx, session: Pick<CheckoutSession, "dynamicPayIdId">): Promise<DynamicPayId | null> {
  if (!session.dynamicPayIdId) return null;
  const [row] = await tx.select().from(dynamicPayIds).where(eq(dynamicPayIds.id, session.dynamicPayIdId));
  const payId = row ? await expireDynamicPayIdIfDue(tx, row) : null;
  return payId?.status === "active" ? payId : null;
}

/**
 * What the customer pays to for the session's current method (api.md "Payment method
 * details"), or null before a selection, for card/crypto, or once it stopped taking money.
 */
export async function currentPaymentDetails(tx: DbOrTx, session: CheckoutSession, baseUrl: string): Promise<PaymentDetails | null> {
  if (session.status !== "active") return null;
  if (session.paymentMethod === "bank_transfer") {
    const account = await liveVirtualAccount(tx, session);
    return account ? toBankTransferDetails(session, account) : null;
  }
  if (session.paymentMethod === "payid") {
    const payId = await liveDynamicPayId(tx, session);
    return payId ? toPayIdDetails(session, payId, baseUrl) : null;
  }
  return null;
}

export async function merchantNameOf(tx: DbOrTx, merchantId: string): Promise<string | null> {
  const [row] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.name ?? null;
}

/**
 * A temporary account for exactly the session's amount (A0), living as long as the session.
 * The session's metadata goes to the bank with the request, as for a standalone account.
 */
export function issueSessionAccount(tx: DbOrTx, session: CheckoutSession, opts: { merchantName: string | null; provider?: string }) {
  return issueVirtualAccount(tx, {
    merchantId: session.merchantId,
    mode: session.mode,
    keyPairId: session.keyPairId,
    settlementPayIdId: session.settlementPayIdId,
    amount: session.amount,
    amountValidation: "A0",
    expiresAt: session.expiresAt,
    source: "checkout",
    sessionId: session.id,
    provider: opts.provider,
    accountName: virtualAccountName(opts.merchantName),
    customerEmail: session.customerEmail,
    metadata: session.metadata,
  });
}

/** A single-payment dynamic PayID for exactly the session's amount (A0), living as long as the session. */
export function issueSessionPayId(tx: DbOrTx, session: CheckoutSession) {
  return createDynamicPayId(tx, {
    merchantId: session.merchantId,
    mode: session.mode,
    keyPairId: session.keyPairId,
    settlementPayIdId: session.settlementPayIdId,
    amount: session.amount,
    amountValidation: "A0",
    allowMultiplePayments: false,
    expiresAt: session.expiresAt,
    source: "checkout",
    sessionId: session.id,
  });
}
