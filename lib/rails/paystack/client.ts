/**
 * A thin typed client of the Paystack endpoints Owo uses, on the one rail HTTP client
 * (`railCall`: undici, a timeout on every call, no retries).
 *
 * Auth (Paystack API reference, "Authentication"; OpenAPI `bearerAuth`): every call carries
 * the secret key as `Authorization: Bearer <secret key>`. There is no login and no token to
 * renew: a 401 ("Invalid key") means the key was refused and Paystack did nothing.
 *
 * The base URL is the host (`https://api.paystack.co`); paths are as documented. Every answer
 * is the envelope `{status: true | false, message, data, meta}`; the methods return it with
 * the HTTP status and leave the meaning to the caller. Amounts are kobo (JSON integers).
 */
import { railCall, type RailRequest } from "@/lib/rails/http-client";
import type { PaystackConfig } from "@/lib/rails/rail-config";
import { RailRefusedError } from "@/lib/rails/rail-errors";
import { envelope, type Envelope } from "./parse";

export const RAIL = "paystack";

export type PaystackClientOptions = {
  /** Milliseconds for each call (default: railCall's 15 s). */
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /**
   * The domain of the placeholder email a dedicated account's Paystack customer is created
   * with (the customer is keyed by Owo's account reference, never by a shared real address).
   * Default `customers.owo.invalid` (a reserved name nothing can receive mail at).
   */
  customerEmailDomain?: string;
};

export type PaystackAnswer = { status: number; env: Envelope; text: string };

/** Whether an answer is one of Paystack's documented refusals before anything was done (4xx but 408). */
export const isRefusal = (a: PaystackAnswer) => a.status >= 400 && a.status < 500 && a.status !== 408;

/** The documented "no such record" answers (404 "Entity not found", "Transfer not found", "Transaction reference not found"). */
export const isNotFound = (a: PaystackAnswer) =>
  !a.env.ok &&
  a.status >= 400 &&
  a.status < 500 &&
  (a.status === 404 || /not\s+found|does\s+not\s+exist|no\s+(transfer|transaction|refund)\b/i.test(a.env.message));

export const describe = (a: PaystackAnswer) => `HTTP ${a.status}${a.env.message ? `: ${a.env.message}` : ""}`;

export class PaystackClient {
  constructor(
    readonly config: PaystackConfig,
    readonly opts: PaystackClientOptions = {},
  ) {}

  /** One authenticated call. A 401 throws RailRefusedError: the key was refused, nothing was done. */
  async call(method: RailRequest["method"], path: string, json?: unknown): Promise<PaystackAnswer> {
    const res = await railCall(RAIL, this.config.baseUrl, {
      method,
      path,
      json,
      headers: { authorization: `Bearer ${this.config.secretKey}` },
      timeoutMs: this.opts.timeoutMs,
    });
    const env = envelope(res.status, res.body);
    if (res.status === 401) throw new RailRefusedError(RAIL, `Paystack refused the secret key (401${env.message ? `: ${env.message}` : ""})`, 401);
    return { status: res.status, env, text: res.text };
  }

  // ---- Banks and transfers --------------------------------------------------------------

  /** Name enquiry: `GET /bank/resolve?account_number=&bank_code=` → `data.account_name`. */
  resolveAccount(accountNumber: string, bankCode: string) {
    return this.call("GET", `/bank/resolve?${qs({ account_number: accountNumber, bank_code: bankCode })}`);
  }

  /** `POST /transferrecipient` (type `nuban`): a recipient; a known account number answers the existing record. */
  createRecipient(body: CreateRecipientRequest) {
    return this.call("POST", "/transferrecipient", body);
  }

  /** `POST /transfer`: one payout from the balance (`source: "balance"`). */
  initiateTransfer(body: InitiateTransferRequest) {
    return this.call("POST", "/transfer", body);
  }

  /** `GET /transfer/verify/:reference`: a transfer by the merchant's reference. */
  verifyTransfer(reference: string) {
    return this.call("GET", `/transfer/verify/${encodeURIComponent(reference)}`);
  }

  /** `GET /transfer?from=&to=&page=&per_page=`: transfers in a period (reconciliation; the page size goes as `per_page` (OpenAPI) and `perPage` (the older reference)). */
  listTransfers(q: { from?: string; to?: string; page?: number; perPage?: number; status?: string }) {
    const { perPage, ...rest } = q;
    return this.call("GET", `/transfer?${qs({ ...rest, per_page: perPage, perPage })}`);
  }

  /** `GET /balance`: `data: [{currency, balance}]`, kobo. */
  balance() {
    return this.call("GET", "/balance");
  }

  // ---- Collections ----------------------------------------------------------------------

  /** `GET /transaction/verify/:reference`: one transaction by its reference. */
  verifyTransaction(reference: string) {
    return this.call("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
  }

  /** `GET /transaction?from=&to=&page=&per_page=&status=`: transactions in a period (reconciliation; page size as for `listTransfers`). */
  listTransactions(q: { from?: string; to?: string; page?: number; perPage?: number; status?: string }) {
    const { perPage, ...rest } = q;
    return this.call("GET", `/transaction?${qs({ ...rest, per_page: perPage, perPage })}`);
  }

  /** `POST /charge` with `bank_transfer`: a pay-with-transfer account for one payment. */
  chargeBankTransfer(body: BankTransferChargeRequest) {
    return this.call("POST", "/charge", body);
  }

  /** `POST /customer`: a customer (dedicated accounts belong to one). */
  createCustomer(body: CreateCustomerRequest) {
    return this.call("POST", "/customer", body);
  }

  /** `POST /dedicated_account`: a dedicated virtual account for an existing customer at `preferred_bank`. */
  createDedicatedAccount(body: { customer: string; preferred_bank: string }) {
    return this.call("POST", "/dedicated_account", body);
  }

  /** `GET /dedicated_account?customer=&provider_slug=&active=`: a customer's dedicated accounts. */
  listDedicatedAccounts(q: { customer?: string; provider_slug?: string; active?: boolean; currency?: string }) {
    return this.call("GET", `/dedicated_account?${qs({ ...q, active: q.active === undefined ? undefined : String(q.active) })}`);
  }

  // ---- Refunds --------------------------------------------------------------------------

  /** `POST /refund` `{transaction, amount, merchant_note}`: a refund of a Paystack transaction. */
  createRefund(body: CreateRefundRequest) {
    return this.call("POST", "/refund", body);
  }

  /** `GET /refund?transaction=&perPage=`: refunds (of one transaction, filtered again by the caller). */
  listRefunds(q: { transaction?: string; perPage?: number; page?: number }) {
    return this.call("GET", `/refund?${qs(q)}`);
  }

  /** `GET /refund/:id`: one refund by Paystack's id. */
  fetchRefund(id: string) {
    return this.call("GET", `/refund/${encodeURIComponent(id)}`);
  }
}

export type CreateRecipientRequest = { type: "nuban"; name: string; account_number: string; bank_code: string; currency: "NGN" };

export type InitiateTransferRequest = { source: "balance"; amount: number; recipient: string; reference: string; reason: string; currency: "NGN" };

export type BankTransferChargeRequest = {
  email: string;
  amount: number;
  reference: string;
  bank_transfer: { account_expires_at: string };
  metadata?: Record<string, unknown>;
};

export type CreateCustomerRequest = { email: string; first_name: string; last_name: string; phone?: string };

export type CreateRefundRequest = { transaction: string; amount: number; currency: "NGN"; merchant_note: string };

/** A query string of the defined values, each URL-encoded. */
export function qs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
}
