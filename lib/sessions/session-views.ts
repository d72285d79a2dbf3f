import type { CheckoutSession, DynamicPayId, Mode, VirtualAccount } from "@/db/schema";
import { issueBanks } from "@/lib/rails/router";
import type { CryptoAsset } from "@/lib/crypto-assets/catalogue";
import { checkoutUrl, payLink } from "@/lib/public-links";
import { fullDynamicPayId } from "@/lib/payids/dynamic-payids";
import { cryptoAssetsView } from "./session-offer";

/** api.md "Checkout session" initialize response. */
export type SessionInitializeView = {
  session_id: string;
  reference: string;
  merchant_reference: string | null;
  checkout_url: string;
  amount: number;
  currency: string;
  expires_at: string;
  merchant_name: string | null;
  enabled_payment_methods: string[];
  crypto_assets: CryptoAsset[] | null;
};

/** api.md verify response. */
export type SessionVerifyView = {
  session_id: string;
  reference: string;
  merchant_reference: string | null;
  status: CheckoutSession["status"];
  amount: number;
  currency: string;
  customer_email: string;
  payment_method: string | null;
  paid_at: string | null;
};

/** api.md get response. */
export type SessionGetView = {
  session_id: string;
  amount: number;
  currency: string;
  customer_email: string;
  customer_name: string | null;
  merchant_name: string | null;
  enabled_payment_methods: string[];
  callback_url: string | null;
  expires_at: string;
  status: CheckoutSession["status"];
};

export type SessionBank = { provider: string; bank_name: string; bank_code: string; current: boolean };

/** api.md "Payment method details", bank transfer. */
export type BankTransferDetails = {
  payment_method: "bank_transfer";
  account_number: string;
  bank_name: string;
  bank_code: string;
  account_name: string;
  amount: number;
  expires_at: string;
  banks: SessionBank[];
};

/** api.md "Payment method details", PayID. */
export type PayIdDetails = {
  payment_method: "payid";
  pay_id: string;
  qr_data: string;
  amount: number;
  expires_at: string;
};

export type PaymentDetails = BankTransferDetails | PayIdDetails;

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
