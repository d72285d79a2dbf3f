import { z } from "zod";
import { SESSION_STATUSES, type CheckoutSession, type DynamicPayId, type Mode, type VirtualAccount } from "@/db/schema";
import { issueBanks } from "@/lib/rails/router";
import { CryptoAssetSchema } from "@/lib/crypto-assets/catalogue";
import { kobo, nullableTimestamp, responseSchema, timestamp } from "@/lib/response-schema";
import { checkoutUrl, payLink } from "@/lib/public-links";
import { fullDynamicPayId } from "@/lib/payids/dynamic-payids";
import { cryptoAssetsView } from "./session-offer";

/** api.md "Checkout session" initialize response. */
export const SessionInitializeSchema = responseSchema(
  "SessionInitialize",
  z.object({
    session_id: z.string(),
    reference: z.string(),
    merchant_reference: z.string().nullable(),
    checkout_url: z.string(),
    amount: kobo(),
    currency: z.string(),
    expires_at: timestamp(),
    merchant_name: z.string().nullable(),
    enabled_payment_methods: z.array(z.string()),
    crypto_assets: z.array(CryptoAssetSchema).nullable(),
  }),
  "A new checkout session.",
);
export type SessionInitializeView = z.output<typeof SessionInitializeSchema>;

/** api.md verify response. */
export const SessionVerifySchema = responseSchema(
  "SessionVerify",
  z.object({
    session_id: z.string(),
    reference: z.string(),
    merchant_reference: z.string().nullable(),
    status: z.enum(SESSION_STATUSES),
    amount: kobo(),
    currency: z.string(),
    customer_email: z.string(),
    payment_method: z.string().nullable(),
    paid_at: nullableTimestamp(),
  }),
  "A session's status (expiry applied first).",
);
export type SessionVerifyView = z.output<typeof SessionVerifySchema>;

/** api.md get response. */
export const SessionSchema = responseSchema(
  "Session",
  z.object({
    session_id: z.string(),
    amount: kobo(),
    currency: z.string(),
    customer_email: z.string(),
    customer_name: z.string().nullable(),
    merchant_name: z.string().nullable(),
    enabled_payment_methods: z.array(z.string()),
    callback_url: z.string().nullable(),
    expires_at: timestamp(),
    status: z.enum(SESSION_STATUSES),
  }),
);
export type SessionGetView = z.output<typeof SessionSchema>;

export const SessionBankSchema = responseSchema(
  "SessionBank",
  z.object({ provider: z.string(), bank_name: z.string(), bank_code: z.string(), current: z.boolean() }),
);
export type SessionBank = z.output<typeof SessionBankSchema>;

/** api.md "Payment method details", bank transfer. */
export const BankTransferDetailsSchema = responseSchema(
  "BankTransferDetails",
  z.object({
    payment_method: z.literal("bank_transfer"),
    account_number: z.string(),
    bank_name: z.string(),
    bank_code: z.string(),
    account_name: z.string(),
    amount: kobo(),
    expires_at: timestamp(),
    banks: z.array(SessionBankSchema),
  }),
);
export type BankTransferDetails = z.output<typeof BankTransferDetailsSchema>;

/** api.md "Payment method details", PayID. */
export const PayIdDetailsSchema = responseSchema(
  "PayIdDetails",
  z.object({ payment_method: z.literal("payid"), pay_id: z.string(), qr_data: z.string(), amount: kobo(), expires_at: timestamp() }),
);
export type PayIdDetails = z.output<typeof PayIdDetailsSchema>;

export const PaymentDetailsSchema = responseSchema(
  "PaymentDetails",
  z.discriminatedUnion("payment_method", [BankTransferDetailsSchema, PayIdDetailsSchema]),
  "Where the customer pays: an account number or a PayID.",
);
export type PaymentDetails = z.output<typeof PaymentDetailsSchema>;

export function toInitializeView(s: CheckoutSession, ctx: { baseUrl: string; merchantName: string | null }): SessionInitializeView {
  return {
    session_id: s.id,
    reference: s.reference,
    merchant_reference: s.merchantReference,
    checkout_url: checkoutUrl(ctx.baseUrl, s.id),
    amount: s.amount,
    currency: s.currency,
    expires_at: s.expiresAt.toISOString(),
    merchant_name: ctx.merchantName,
    enabled_payment_methods: s.enabledPaymentMethods,
    crypto_assets: cryptoAssetsView(s.enabledPaymentMethods, s.cryptoAssets),
  };
}

/** The columns the verify answer is made of. */
export type SessionVerifyFields = Pick<
  CheckoutSession,
  "id" | "reference" | "merchantReference" | "status" | "amount" | "currency" | "customerEmail" | "paymentMethod" | "paidAt"
>;

export function toVerifyView(s: SessionVerifyFields): SessionVerifyView {
  return {
    session_id: s.id,
    reference: s.reference,
    merchant_reference: s.merchantReference,
    status: s.status,
    amount: s.amount,
    currency: s.currency,
    customer_email: s.customerEmail,
    payment_method: s.paymentMethod,
    // api.md: set only when status is completed.
    paid_at: s.status === "completed" ? (s.paidAt?.toISOString() ?? null) : null,
  };
}

export function toGetView(s: CheckoutSession, merchantName: string | null): SessionGetView {
  return {
    session_id: s.id,
    amount: s.amount,
    currency: s.currency,
    customer_email: s.customerEmail,
    customer_name: s.customerName,
    merchant_name: merchantName,
    enabled_payment_methods: s.enabledPaymentMethods,
    callback_url: s.callbackUrl,
    expires_at: s.expiresAt.toISOString(),
    status: s.status,
  };
}

/** The banks a session's customer may switch between (the mode's rails' banks); the account's own bank is `current`. */
export function sessionBanks(mode: Mode, currentProvider: string | null): SessionBank[] {
  return issueBanks(mode).map((b) => ({ provider: b.provider, bank_name: b.bankName, bank_code: b.bankCode, current: b.provider === currentProvider }));
}

export function toBankTransferDetails(s: CheckoutSession, va: VirtualAccount): BankTransferDetails {
  return {
    payment_method: "bank_transfer",
    account_number: va.accountNumber ?? "",
    bank_name: va.bankName,
    bank_code: va.bankCode ?? "",
    account_name: va.accountName ?? "",
    amount: s.amount,
    expires_at: (va.expiresAt ?? s.expiresAt).toISOString(),
    banks: sessionBanks(s.mode, va.provider),
  };
}

export function toPayIdDetails(s: CheckoutSession, payId: DynamicPayId, baseUrl: string): PayIdDetails {
  const full = fullDynamicPayId(payId);
  return {
    payment_method: "payid",
    pay_id: full,
    qr_data: payLink(baseUrl, full),
    amount: s.amount,
    expires_at: payId.expiresAt.toISOString(),
  };
}
