/**
 * The document's named schemas (`#/components/schemas`), in the order the reference and the
 * typed client list them. Each response schema is declared beside its view
 * (`responseSchema(id, …)`, lib/response-schema.ts); only the envelope's are declared here.
 */
import { z } from "zod";
import { BankListSchema, ResolvedAccountSchema } from "@/lib/bank/provider";
import { CryptoAssetSchema } from "@/lib/crypto-assets/catalogue";
import { ERROR_CODES } from "@/lib/errors";
import { TransferChargesSchema } from "@/lib/fees/transfer-fees";
import { EventPageSchema, EventSchema } from "@/lib/events/event-view";
import { InvoiceLineItemSchema, InvoicePageSchema, InvoiceSchema } from "@/lib/invoices/invoice-view";
import { DynamicPayIdListItemSchema, DynamicPayIdPageSchema, DynamicPayIdSchema } from "@/lib/payids/dynamic-payid-view";
import { StaticPayIdListItemSchema, StaticPayIdPageSchema, StaticPayIdSchema } from "@/lib/payids/static-payid-view";
import { PaymentLinkPageSchema, PaymentLinkSchema } from "@/lib/payment-links/payment-link-view";
import { SandboxExpireResultSchema, SandboxPaymentResultSchema } from "@/lib/payments/operations";
import { ActionResultSchema, responseRegistry, responseSchema } from "@/lib/response-schema";
import {
  BankTransferDetailsSchema,
  PayIdDetailsSchema,
  PaymentDetailsSchema,
  SessionBankSchema,
  SessionInitializeSchema,
  SessionSchema,
  SessionVerifySchema,
} from "@/lib/sessions/session-views";
import { SettlementRunSchema } from "@/lib/settlement/settlement-run-view";
import { RefundPageSchema, RefundSchema } from "@/lib/static-accounts/refund-view";
import { StaticAccountPaymentPageSchema, StaticAccountPaymentSchema } from "@/lib/static-accounts/static-account-payment-view";
import { StaticAccountPageSchema, StaticAccountProductStatusSchema, StaticAccountSchema } from "@/lib/static-accounts/static-account-view";
import { TransferPageSchema, TransferSchema } from "@/lib/transfers/transfer-view";
import { VirtualAccountPageSchema, VirtualAccountSchema } from "@/lib/virtual-accounts/virtual-account-view";
import { BalanceSchema, MemberPageSchema, MemberSchema, WalletSchema } from "@/lib/wallets/wallet-view";

// ---- Envelope and errors (supplement §2) ----------------------------------------------------

export const ErrorCodeSchema = responseSchema("ErrorCode", z.enum(ERROR_CODES), "Every code the API answers with (supplement §2).");

export const ErrorEnvelopeSchema = responseSchema(
  "ErrorEnvelope",
  z.object({
    success: z.literal(false),
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
      details: z.array(z.string()).optional().meta({ description: "One sentence per problem (400 Validation error)" }),
    }),
    correlationId: z.string(),
  }),
  "Every failure: `{success: false, error: {code, message, details?}, correlationId}`.",
);

const ORDER: readonly z.ZodType[] = [
  ErrorCodeSchema,
  ErrorEnvelopeSchema,
  // Checkout sessions
  CryptoAssetSchema,
  SessionInitializeSchema,
  SessionVerifySchema,
  SessionSchema,
  SessionBankSchema,
  BankTransferDetailsSchema,
  PayIdDetailsSchema,
  PaymentDetailsSchema,
  // PayIDs
  DynamicPayIdSchema,
  DynamicPayIdListItemSchema,
  DynamicPayIdPageSchema,
  StaticPayIdSchema,
  StaticPayIdListItemSchema,
  StaticPayIdPageSchema,
  ActionResultSchema,
  // Virtual accounts
  VirtualAccountSchema,
  VirtualAccountPageSchema,
  // Static NGN accounts and refunds
  StaticAccountSchema,
  StaticAccountPageSchema,
  StaticAccountProductStatusSchema,
  RefundSchema,
  RefundPageSchema,
  StaticAccountPaymentSchema,
  StaticAccountPaymentPageSchema,
  // Transfers and the wallet
  TransferSchema,
  TransferPageSchema,
  BalanceSchema,
  WalletSchema,
  MemberSchema,
  MemberPageSchema,
  BankListSchema,
  ResolvedAccountSchema,
  TransferChargesSchema,
  // Events
  EventSchema,
  EventPageSchema,
  // Invoices
  InvoiceLineItemSchema,
  InvoiceSchema,
  InvoicePageSchema,
  // Payment links
  PaymentLinkSchema,
  PaymentLinkPageSchema,
  // Sandbox
  SandboxExpireResultSchema,
  SandboxPaymentResultSchema,
  SettlementRunSchema,
];

/**
 * The registry the document is written from: the schemas above, in their order, each with the
 * id it was registered under (`responseSchema`). An operation whose response is not here
 * fails the document's build; a nested schema not here is written inline.
 */
export function documentRegistry() {
  const out = z.registry<{ id: string; description?: string }>();
  const add = (s: z.ZodType) => {
    const meta = responseRegistry.get(s);
    if (!meta) throw new Error("openapi: a listed schema is not registered with responseSchema (lib/response-schema.ts)");
    if (!out.has(s)) out.add(s, meta);
  };
  ORDER.forEach(add);
  return out;
}
