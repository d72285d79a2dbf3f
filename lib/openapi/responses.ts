/**
 * The /v1 response objects as zod schemas: the one description of what the API answers, from
 * which the OpenAPI document (lib/openapi/document.ts) and the typed client are generated.
 * lib/openapi/drift.ts checks at compile time that each schema's type is exactly the type the
 * view function or command returns, so neither can change without the other.
 */
import { z } from "zod";
import {
  AMOUNT_VALIDATIONS,
  DELIVERY_STATUSES,
  DUE_DATE_ACTIONS,
  DYNAMIC_PAY_ID_STATUSES,
  IDENTITY_TYPES,
  INVOICE_STATUSES,
  LINK_COLLECT_FIELDS,
  REFUND_STATUSES,
  SESSION_STATUSES,
  SETTLEMENT_STATUSES,
  SOURCES,
  STATIC_ACCOUNT_STATUSES,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  VIRTUAL_ACCOUNT_STATUSES,
} from "@/db/schema";
import { ERROR_CODES } from "@/lib/errors";

/** Named response schemas: each becomes `#/components/schemas/<id>` in the document. */
export const responseRegistry = z.registry<{ id: string; description?: string }>();

function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  responseRegistry.add(schema, { id, description });
  return schema;
}

const int = () => z.number().int();
/** A timestamp as `Date#toISOString()` writes it. */
const timestamp = () => z.iso.datetime({ offset: false });
const nullableTimestamp = () => timestamp().nullable();
/** Naira, two decimals, as a string ("1500.00"). */
const naira = () =>
  z
    .string()
    .regex(/^-?\d+\.\d{2}$/)
    .meta({ description: "Naira with two decimals, as a string" });
/** Kobo, an integer. */
const kobo = () => int().meta({ description: "Amount in kobo" });
const metadata = () => z.record(z.string(), z.unknown());

/** One page of a list (lib/lists/paging.ts `Paged<T>`). */
function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: int(),
    page: int().meta({ description: "The page number; 0 on a page asked for by starting_after / ending_before" }),
    page_size: int(),
    total_pages: int(),
    has_more: z.boolean().optional().meta({
      description: "On a cursor page only: whether items lie beyond it in the direction asked (older after starting_after, newer before ending_before)",
    }),
  });
}

// ---- Envelope and errors (supplement §2) ----------------------------------------------------

export const ErrorCode = named("ErrorCode", z.enum(ERROR_CODES), "Every code the API answers with (supplement §2).");

export const ErrorEnvelope = named(
  "ErrorEnvelope",
  z.object({
    success: z.literal(false),
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      details: z.array(z.string()).optional().meta({ description: "One sentence per problem (400 Validation error)" }),
    }),
    correlationId: z.string(),
  }),
  "Every failure: `{success: false, error: {code, message, details?}, correlationId}`.",
);

// ---- Checkout sessions ----------------------------------------------------------------------

export const CryptoAsset = named("CryptoAsset", z.object({ assetCode: z.string(), network: z.string(), displayName: z.string(), decimals: int() }));

export const SessionInitialize = named(
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
    crypto_assets: z.array(CryptoAsset).nullable(),
  }),
  "A new checkout session.",
);

export const SessionVerify = named(
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

export const Session = named(
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

export const SessionBank = named("SessionBank", z.object({ provider: z.string(), bank_name: z.string(), bank_code: z.string(), current: z.boolean() }));

export const BankTransferDetails = named(
  "BankTransferDetails",
  z.object({
    payment_method: z.literal("bank_transfer"),
    account_number: z.string(),
    bank_name: z.string(),
    bank_code: z.string(),
    account_name: z.string(),
    amount: kobo(),
    expires_at: timestamp(),
    banks: z.array(SessionBank),
  }),
);

export const PayIdDetails = named(
  "PayIdDetails",
  z.object({ payment_method: z.literal("payid"), pay_id: z.string(), qr_data: z.string(), amount: kobo(), expires_at: timestamp() }),
);

export const PaymentDetails = named(
  "PaymentDetails",
  z.discriminatedUnion("payment_method", [BankTransferDetails, PayIdDetails]),
  "Where the customer pays: an account number or a PayID.",
);

// ---- PayIDs ---------------------------------------------------------------------------------

export const DynamicPayId = named(
  "DynamicPayId",
  z.object({
    id: z.string(),
    slug: z.string(),
    suffix: z.string(),
    full_pay_id: z.string(),
    settlement_pay_id_id: z.string(),
    creator_pay_id_id: z.string(),
    creator_type: z.enum(["personal", "business"]),
    business_id: z.string().nullable(),
    name: z.string(),
    amount: naira().nullable(),
    amount_validation: z.enum(AMOUNT_VALIDATIONS),
    allow_multiple_payments: z.boolean(),
    status: z.enum(DYNAMIC_PAY_ID_STATUSES),
    source: z.enum(SOURCES),
    expires_at: timestamp(),
    deactivated_at: nullableTimestamp(),
    completed_at: nullableTimestamp(),
    created_at: timestamp(),
  }),
);

export const DynamicPayIdListItem = named(
  "DynamicPayIdListItem",
  DynamicPayId.pick({ id: true, full_pay_id: true, name: true, amount: true, status: true, expires_at: true, created_at: true }),
);
export const DynamicPayIdPage = named("DynamicPayIdPage", page(DynamicPayIdListItem));

export const StaticPayId = named(
  "StaticPayId",
  z.object({
    id: z.string(),
    pay_id_id: z.string(),
    pay_id: z.string(),
    business_id: z.string(),
    api_key_id: z.string().nullable(),
    settlement_pay_id_id: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    suffix: z.string(),
    source: z.enum(SOURCES),
    is_active: z.boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
);

export const StaticPayIdListItem = named("StaticPayIdListItem", StaticPayId.pick({ id: true, pay_id: true, name: true, is_active: true, created_at: true }));
export const StaticPayIdPage = named("StaticPayIdPage", page(StaticPayIdListItem));

export const ActionResult = named(
  "ActionResult",
  z.object({ success: z.literal(true), message: z.string() }),
  "A state change that answers with a sentence (deactivate, reactivate).",
);

// ---- Virtual accounts -----------------------------------------------------------------------

export const VirtualAccount = named(
  "VirtualAccount",
  z.object({
    public_id: z.string(),
    account_number: z.string().nullable(),
    account_name: z.string().nullable(),
    bank_name: z.string(),
    bank_code: z.string().nullable(),
    merchant_name: z.string().nullable(),
    provider: z.string().meta({ deprecated: true }),
    reference: z.string(),
    amount: naira().nullable(),
    status: z.enum(VIRTUAL_ACCOUNT_STATUSES),
    expires_at: nullableTimestamp(),
    completed_at: nullableTimestamp(),
    source: z.string(),
    created_at: timestamp(),
  }),
);
export const VirtualAccountPage = named("VirtualAccountPage", page(VirtualAccount));

// ---- Static NGN accounts and refunds ------------------------------------------------------

export const StaticAccount = named(
  "StaticAccount",
  z.object({
    id: z.string(),
    account_number: z.string(),
    account_name: z.string(),
    bank_name: z.string(),
    bank_code: z.string().nullable(),
    currency: z.string(),
    status: z.enum(STATIC_ACCOUNT_STATUSES),
    customer_name: z.string(),
    customer_email: z.string().nullable(),
    customer_phone: z.string().nullable(),
    identity_type: z.enum(IDENTITY_TYPES),
    identity_number_masked: z.string(),
    reference: z.string().nullable(),
    metadata: metadata(),
    inflow_count: int(),
    total_received: naira(),
    last_payment_at: nullableTimestamp(),
    disabled_at: nullableTimestamp(),
    deleted_at: nullableTimestamp(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
);
export const StaticAccountPage = named("StaticAccountPage", page(StaticAccount));

export const StaticAccountProductStatus = named(
  "StaticAccountProductStatus",
  z.object({ enabled: z.boolean(), currency: z.literal("NGN"), bank_names: z.array(z.string()), identity_types: z.array(z.string()) }),
);

export const Refund = named(
  "Refund",
  z.object({
    id: z.string(),
    amount: naira(),
    currency: z.string(),
    status: z.enum(REFUND_STATUSES),
    reason: z.string().nullable(),
    rejection_reason: z.string().nullable(),
    failure_reason: z.string().nullable(),
    payment_id: z.string(),
    requested_at: timestamp(),
    completed_at: nullableTimestamp(),
  }),
);
export const RefundPage = named("RefundPage", page(Refund));

export const StaticAccountPayment = named(
  "StaticAccountPayment",
  z.object({
    id: z.string(),
    static_account_id: z.string(),
    amount: naira(),
    fee: naira(),
    net_amount: naira(),
    currency: z.string(),
    status: z.enum(["processing", "completed"]),
    payer: z.object({ name: z.string().nullable(), bank: z.string().nullable(), account: z.string().nullable() }),
    narration: z.string().nullable(),
    session_id: z.string().nullable(),
    received_at: timestamp(),
    booked_at: timestamp(),
    settlement: z.object({
      status: z.enum(SETTLEMENT_STATUSES),
      expected_payout_at: timestamp(),
      settled_at: nullableTimestamp(),
      payout_id: z.string().nullable(),
    }),
    refundable: z.boolean(),
    refund: Refund.nullable(),
  }),
);
export const StaticAccountPaymentPage = named("StaticAccountPaymentPage", page(StaticAccountPayment));

// ---- Transfers --------------------------------------------------------------------------------

export const Transfer = named(
  "Transfer",
  z.object({
    reference: z.string(),
    public_id: z.string(),
    type: z.enum(TRANSFER_TYPES),
    status: z.enum(TRANSFER_STATUSES),
    amount: kobo(),
    fees: kobo(),
    vat: kobo(),
    stamp_duty: kobo(),
    currency: z.literal("NGN"),
    narration: z.string().nullable(),
    recipient: z.object({ name: z.string(), bank: z.string().nullable(), account_number: z.string().nullable() }),
    merchant_reference: z.string().nullable(),
    metadata: metadata().nullable(),
    source: z.string().meta({ description: "`api`, `dashboard`, or `payout` (an automatic payout to the payout account)" }),
    created_at: timestamp(),
    completed_at: nullableTimestamp(),
  }),
);
export const TransferPage = named("TransferPage", page(Transfer));

export const Balance = named("Balance", z.object({ available_balance: kobo(), currency: z.literal("NGN") }));

export const Wallet = named(
  "Wallet",
  z.object({
    pay_id: z.string(),
    name: z.string(),
    currency: z.literal("NGN"),
    available_balance: kobo(),
    members_only: z.boolean(),
    daily_limit: kobo().nullable(),
    spent_today: kobo().meta({ description: "Transfers out today (Lagos day, pending and completed, amount plus fees), in kobo" }),
    created_at: timestamp(),
  }),
  "The key's linked wallet and its settings (supplement §7).",
);

export const Member = named(
  "Member",
  z.object({ pay_id: z.string(), name: z.string(), label: z.string().nullable(), daily_limit: kobo().nullable(), created_at: timestamp() }),
  "A PayID the wallet pays often (a saved recipient).",
);
export const MemberPage = named("MemberPage", page(Member));

export const BankList = named("BankList", z.object({ banks: z.array(z.object({ bankCode: z.string(), bankName: z.string() })) }));

export const ResolvedAccount = named("ResolvedAccount", z.object({ account_name: z.string(), account_number: z.string(), bank_code: z.string() }));

export const TransferCharges = named(
  "TransferCharges",
  z.object({ amount: kobo(), fee: kobo(), vat: kobo(), stamp_duty: kobo(), total: kobo(), currency: z.literal("NGN") }),
);

// ---- Events ---------------------------------------------------------------------------------

export const Event = named(
  "Event",
  z.object({
    id: z.string(),
    event: z.string(),
    data: metadata(),
    created_at: timestamp(),
    delivery: z.object({ status: z.enum(DELIVERY_STATUSES), attempts: int(), last_status_code: int().nullable() }),
  }),
);
export const EventPage = named("EventPage", page(Event));

// ---- Invoices (supplement §6) -----------------------------------------------------------------

export const InvoiceLineItem = named("InvoiceLineItem", z.object({ description: z.string(), quantity: int(), unit_price: kobo(), amount: kobo() }));

export const Invoice = named(
  "Invoice",
  z.object({
    public_id: z.string(),
    invoice_number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    customer_name: z.string(),
    customer_email: z.string(),
    subtotal: kobo(),
    tax_rate: z.number().meta({ description: "Percent, up to two decimals" }),
    tax_amount: kobo(),
    total: kobo(),
    amount_paid: kobo(),
    currency: z.string(),
    due_date: z.string().meta({ description: "YYYY-MM-DD (Africa/Lagos)" }),
    issued_at: nullableTimestamp(),
    paid_at: nullableTimestamp(),
    merchant_reference: z.string().nullable(),
    metadata: metadata().nullable(),
    payment_url: z.string(),
    line_items: z.array(InvoiceLineItem),
    paused: z.boolean(),
    allow_partial_payments: z.boolean(),
    due_date_action: z.enum(DUE_DATE_ACTIONS),
    note: z.string().nullable(),
    amount_remaining: kobo(),
    created_at: timestamp(),
  }),
);
export const InvoicePage = named("InvoicePage", page(Invoice));

// ---- Payment links (issue 26 item 2) ---------------------------------------------------------

export const PaymentLink = named(
  "PaymentLink",
  z.object({
    id: z.string(),
    slug: z.string(),
    url: z.string().meta({ description: "The page customers open: {base}/l/<slug>" }),
    title: z.string(),
    description: z.string().nullable(),
    amount_type: z.enum(["fixed", "customer_choice"]),
    amount: kobo().nullable().meta({ description: "The fixed amount per unit in kobo; null when the customer chooses" }),
    min_amount: kobo().nullable().meta({ description: "The least a customer may choose (kobo); null for a fixed amount" }),
    max_amount: kobo().nullable().meta({ description: "The most a customer may choose (kobo); null: no maximum, or a fixed amount" }),
    collect_fields: z.array(z.enum(LINK_COLLECT_FIELDS)),
    allow_quantity: z.boolean(),
    redirect_url: z.string().nullable(),
    is_active: z.boolean(),
    metadata: metadata().nullable(),
    source: z.enum(["api", "dashboard"]),
    api_key_id: z.string().nullable(),
    settlement_pay_id_id: z.string(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
  "A shareable page for a fixed amount or one the customer chooses. Each payment is a checkout session; its charge.success carries metadata.payment_link_id.",
);
export const PaymentLinkPage = named("PaymentLinkPage", page(PaymentLink));

// ---- Sandbox (supplement §5) --------------------------------------------------------------------

export const SandboxExpireResult = named(
  "SandboxExpireResult",
  z.object({ resource: z.enum(["session", "dynamic_payid", "virtual_account", "invoice"]), id: z.string(), expires_at: timestamp() }),
);

export const SandboxPaymentResult = named(
  "SandboxPaymentResult",
  z.object({
    reference: z.string(),
    channel: z.enum(["bank_transfer", "payid", "card", "crypto", "static_account"]),
    amount: kobo(),
    status: z.literal("completed"),
  }),
);

export const SettlementRun = named(
  "SettlementRun",
  z.object({ batched: int(), paid_out: int(), wallet_credit: int(), failed: int() }),
  "Counts of payments: cut off into a batch, paid out to a bank account, credited to the wallet, failed.",
);
