/**
 * A thin typed client of the Flutterwave v3 endpoints Owo uses, on the one rail HTTP client
 * (`railCall`: undici, a timeout on every call, no retries).
 *
 * Auth (developer.flutterwave.com, "Authentication"): every call carries the v3 secret key as
 * `Authorization: Bearer <secret key>`. There is no login and no token to renew: a 401 means
 * the key is wrong, and Flutterwave did not act on the call.
 *
 * The base URL includes `/v3` (`https://api.flutterwave.com/v3`), so paths are `/transfers`,
 * `/accounts/resolve`, `/transactions/:id/verify`… Every answer is the envelope
 * `{status: "success" | "error", message, data}`; the methods return it with the HTTP status
 * and leave the meaning to the rail. Amounts in requests are naira JSON numbers with at most
 * two decimals (`koboToNairaNumber`).
 */
import { railCall, type RailRequest } from "@/lib/rails/http-client";
import type { FlutterwaveConfig } from "@/lib/rails/rail-config";
import { RailRefusedError } from "@/lib/rails/rail-errors";
import { envelope, type Envelope } from "./parse";

export const RAIL = "flutterwave";

export type FlutterwaveClientOptions = {
  /** Milliseconds for each call (default: railCall's 15 s). */
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => number;
};

export type FlutterwaveAnswer = { status: number; env: Envelope; text: string };

export class FlutterwaveClient {
  constructor(
    readonly config: FlutterwaveConfig,
    private readonly opts: FlutterwaveClientOptions = {},
  ) {}

  /** One authenticated call. A 401 throws RailRefusedError: the key was refused, nothing was done. */
  async call(method: RailRequest["method"], path: string, json?: unknown): Promise<FlutterwaveAnswer> {
    const res = await railCall(RAIL, this.config.baseUrl, {
      method,
      path,
      json,
      headers: { authorization: `Bearer ${this.config.secretKey}` },
      timeoutMs: this.opts.timeoutMs,
    });
    const env = envelope(res.status, res.body);
    if (res.status === 401) throw new RailRefusedError(RAIL, `Flutterwave refused the secret key (401${env.message ? `: ${env.message}` : ""})`, 401);
    return { status: res.status, env, text: res.text };
  }

  // ---- Banks and transfers --------------------------------------------------------------

  /** Name enquiry: `POST /accounts/resolve` `{account_number, account_bank}` → `data.account_name`. */
  resolveAccount(accountNumber: string, accountBank: string) {
    return this.call("POST", "/accounts/resolve", { account_number: accountNumber, account_bank: accountBank });
  }

  /** `POST /transfers`: one payout from the NGN balance. */
  createTransfer(body: CreateTransferRequest) {
    return this.call("POST", "/transfers", body);
  }

  /** `GET /transfers/:id`: a transfer by Flutterwave's id. */
  getTransfer(id: string) {
    return this.call("GET", `/transfers/${encodeURIComponent(id)}`);
  }

  /** `GET /transfers?reference=&page=&status=&from=&to=`: transfers (by the merchant's reference, or a period). */
  listTransfers(q: { reference?: string; page?: number; status?: string; from?: string; to?: string }) {
    return this.call("GET", `/transfers?${qs(q)}`);
  }

  /** `GET /transfers/fee?amount=&currency=NGN&type=account`: the fee Flutterwave charges for a payout. */
  transferFee(amount: number, currency = "NGN") {
    return this.call("GET", `/transfers/fee?${qs({ amount, currency, type: "account" })}`);
  }

  /** `GET /balances/:currency`: `{currency, available_balance, ledger_balance}`. */
  balance(currency = "NGN") {
    return this.call("GET", `/balances/${encodeURIComponent(currency)}`);
  }

  // ---- Collections ----------------------------------------------------------------------

  /** `GET /transactions/:id/verify`: one transaction by Flutterwave's id. */
  verifyTransaction(id: string) {
    return this.call("GET", `/transactions/${encodeURIComponent(id)}/verify`);
  }

  /** `GET /transactions/verify_by_reference?tx_ref=`: one transaction by the merchant's reference. */
  verifyByReference(txRef: string) {
    return this.call("GET", `/transactions/verify_by_reference?${qs({ tx_ref: txRef })}`);
  }

  /** `GET /transactions?from=&to=&page=&status=`: collections in a period (reconciliation). */
  listTransactions(q: { from?: string; to?: string; page?: number; status?: string; tx_ref?: string }) {
    return this.call("GET", `/transactions?${qs(q)}`);
  }

  /** `POST /virtual-account-numbers`: a permanent (`is_permanent: true`, with a BVN) or temporary account number. */
  createVirtualAccount(body: CreateVirtualAccountRequest) {
    return this.call("POST", "/virtual-account-numbers", body);
  }

  /** `GET /virtual-account-numbers/:order_ref`. */
  getVirtualAccount(orderRef: string) {
    return this.call("GET", `/virtual-account-numbers/${encodeURIComponent(orderRef)}`);
  }

  /**
   * Deactivates a virtual account number: `{status: "inactive"}` to
   * `/virtual-account-numbers/:order_ref` (the official PHP SDK sends it as a POST; the API
   * reference's "Deactivate and Reactivate virtual accounts").
   */
  deactivateVirtualAccount(orderRef: string) {
    return this.call("POST", `/virtual-account-numbers/${encodeURIComponent(orderRef)}`, { status: "inactive" });
  }

  // ---- Refunds --------------------------------------------------------------------------

  /** `POST /transactions/:id/refund` `{amount}` (naira; omitted: the whole transaction). */
  refundTransaction(transactionId: string, body: { amount: number; comments?: string }) {
    return this.call("POST", `/transactions/${encodeURIComponent(transactionId)}/refund`, body);
  }

  /** `GET /refunds?id=<transaction id>`: the refunds of one transaction (filtered again on `tx_id` by the caller). */
  listRefunds(q: { id?: string; page?: number; from?: string; to?: string }) {
    return this.call("GET", `/refunds?${qs(q)}`);
  }

  /** `GET /refunds/:id`: one refund by Flutterwave's refund id. */
  getRefund(refundId: string) {
    return this.call("GET", `/refunds/${encodeURIComponent(refundId)}`);
  }
}

export type CreateTransferRequest = {
  account_bank: string;
  account_number: string;
  amount: number;
  currency: "NGN";
  debit_currency: "NGN";
  reference: string;
  narration: string;
  beneficiary_name?: string;
  callback_url?: string;
};

export type CreateVirtualAccountRequest = {
  email: string;
  is_permanent: boolean;
  tx_ref: string;
  currency?: "NGN";
  bvn?: string;
  amount?: number;
  /** Seconds a temporary account lives. */
  expiry?: number;
  narration?: string;
  firstname?: string;
  lastname?: string;
  phonenumber?: string;
};

/** A query string of the defined values, each URL-encoded. */
export function qs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
}
