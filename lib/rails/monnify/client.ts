/**
 * A thin typed client of the Monnify endpoints Owo uses, on the one rail HTTP client
 * (`railCall`: undici, a timeout on every call, no retries).
 *
 * Auth (developers.monnify.com, "Authentication"): `POST /api/v1/auth/login` with
 * `Authorization: Basic base64(apiKey:secretKey)` answers `responseBody.accessToken` and
 * `responseBody.expiresIn` (seconds, about an hour); every other call carries
 * `Authorization: Bearer <accessToken>`. The token is cached per client, renewed before it
 * expires, and on a 401 renewed once and the call retried once (a 401 means Monnify did not
 * act, so repeating the call is safe).
 *
 * Every answer is Monnify's envelope `{requestSuccessful, responseMessage, responseCode,
 * responseBody}`; the methods return it with the HTTP status and leave the meaning to the rail.
 * Amounts in requests are naira JSON numbers with up to two decimals (`koboToNairaNumber`).
 */
import { railCall, type RailRequest } from "@/lib/rails/http-client";
import { RailRefusedError } from "@/lib/rails/rail-errors";
import type { MonnifyConfig } from "@/lib/rails/rail-config";
import { envelope, str, type Envelope } from "./parse";

export const RAIL = "monnify";

export type MonnifyClientOptions = {
  /** Milliseconds for each call (default: railCall's 15 s). */
  timeoutMs?: number;
  /** The clock (tests move it to check renewal before expiry). */
  now?: () => number;
  /** Renew this long before the token's expiry (default 60 s, at most half its life). */
  renewMarginMs?: number;
};

export type MonnifyAnswer = { status: number; env: Envelope; text: string };

type Method = RailRequest["method"];

export class MonnifyClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingLogin: Promise<string> | null = null;

  constructor(
    readonly config: MonnifyConfig,
    private readonly opts: MonnifyClientOptions = {},
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** A valid bearer token: the cached one unless it is about to expire, else a fresh login (one at a time). */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.pendingLogin ??= this.login().finally(() => {
      this.pendingLogin = null;
    });
    return this.pendingLogin;
  }

  /** Forgets the token (a 401 said it no longer works). */
  invalidateToken(): void {
    this.token = null;
  }

  /**
   * `POST /api/v1/auth/login`. Any failure here means the operation that needed the token was
   * never sent, so it is a refusal (`RailRefusedError`), whatever broke.
   */
  private async login(): Promise<string> {
    const basic = Buffer.from(`${this.config.apiKey}:${this.config.secretKey}`, "utf8").toString("base64");
    let status: number | null = null;
    try {
      const res = await railCall(RAIL, this.config.baseUrl, {
        method: "POST",
        path: "/api/v1/auth/login",
        headers: { authorization: `Basic ${basic}` },
        json: {},
        timeoutMs: this.opts.timeoutMs,
      });
      status = res.status;
      const env = envelope(res.status, res.body);
      const token = str(env.body.accessToken);
      const expiresIn = Number(env.body.expiresIn);
      if (!env.ok || !token) throw new Error(env.message || `HTTP ${res.status}`);
      const lifeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 3_600_000;
      const margin = Math.min(this.opts.renewMarginMs ?? 60_000, lifeMs / 2);
      this.token = { value: token, expiresAt: this.now() + lifeMs - margin };
      return token;
    } catch (error) {
      throw new RailRefusedError(RAIL, `Monnify login failed: ${(error as Error).message}`, status);
    }
  }

  /** One authenticated call; a 401 renews the token once and repeats the call once. */
  async call(method: Method, path: string, json?: unknown): Promise<MonnifyAnswer> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await railCall(RAIL, this.config.baseUrl, {
        method,
        path,
        json,
        headers: { authorization: `Bearer ${token}` },
        timeoutMs: this.opts.timeoutMs,
      });
      if (res.status === 401) {
        if (this.token?.value === token) this.invalidateToken();
        if (attempt === 0) continue;
        throw new RailRefusedError(RAIL, "Monnify refused the renewed access token (401)", 401);
      }
      return { status: res.status, env: envelope(res.status, res.body), text: res.text };
    }
  }

  // ---- Disbursements -------------------------------------------------------------------

  /** Name enquiry: `GET /api/v1/disbursements/account/validate?accountNumber=&bankCode=`. */
  validateAccount(accountNumber: string, bankCode: string) {
    return this.call("GET", `/api/v1/disbursements/account/validate?${qs({ accountNumber, bankCode })}`);
  }

  /** `POST /api/v2/disbursements/single`: one payout from the wallet `sourceAccountNumber`. */
  initiateTransfer(body: SingleTransferRequest) {
    return this.call("POST", "/api/v2/disbursements/single", body);
  }

  /** `GET /api/v2/disbursements/single/summary?reference=`: a payout's current status. */
  transferSummary(reference: string) {
    return this.call("GET", `/api/v2/disbursements/single/summary?${qs({ reference })}`);
  }

  /** `POST /api/v2/disbursements/single/validate-otp`: authorizes a payout held for its OTP. */
  authorizeTransfer(reference: string, authorizationCode: string) {
    return this.call("POST", "/api/v2/disbursements/single/validate-otp", { reference, authorizationCode });
  }

  /** `GET /api/v2/disbursements/wallet-balance?accountNumber=`: `{availableBalance, ledgerBalance}`. */
  walletBalance(accountNumber: string) {
    return this.call("GET", `/api/v2/disbursements/wallet-balance?${qs({ accountNumber })}`);
  }

  /** `GET /api/v2/disbursements/search-transactions`: the wallet's payouts in a period (reconciliation). */
  searchDisbursements(q: { sourceAccountNumber: string; startDate?: number; endDate?: number; pageNo?: number; pageSize?: number }) {
    return this.call("GET", `/api/v2/disbursements/search-transactions?${qs(q)}`);
  }

  // ---- Collections ---------------------------------------------------------------------

  /** `GET /api/v2/transactions/{transactionReference}` (the reference URL-encoded: `|` → `%7C`). */
  getTransaction(transactionReference: string) {
    return this.call("GET", `/api/v2/transactions/${encodeURIComponent(transactionReference)}`);
  }

  /** `GET /api/v2/merchant/transactions/query?paymentReference=`: a transaction by the merchant's reference. */
  queryTransaction(paymentReference: string) {
    return this.call("GET", `/api/v2/merchant/transactions/query?${qs({ paymentReference })}`);
  }

  /** `GET /api/v1/transactions/search`: collections in a period (reconciliation). */
  searchTransactions(q: { from?: number; to?: number; page?: number; size?: number; paymentStatus?: string }) {
    return this.call("GET", `/api/v1/transactions/search?${qs(q)}`);
  }

  /** `POST /api/v1/merchant/transactions/init-transaction`: a checkout transaction (first step of a one-off account). */
  initTransaction(body: InitTransactionRequest) {
    return this.call("POST", "/api/v1/merchant/transactions/init-transaction", body);
  }

  /** `POST /api/v1/merchant/bank-transfer/init-payment`: the one-off account for an initialized transaction. */
  initBankTransfer(transactionReference: string, bankCode?: string) {
    return this.call("POST", "/api/v1/merchant/bank-transfer/init-payment", bankCode ? { transactionReference, bankCode } : { transactionReference });
  }

  /** `POST /api/v2/bank-transfer/reserved-accounts`: a permanent account for one customer. */
  reserveAccount(body: ReserveAccountRequest) {
    return this.call("POST", "/api/v2/bank-transfer/reserved-accounts", body);
  }

  /** `GET /api/v2/bank-transfer/reserved-accounts/{accountReference}`. */
  getReservedAccount(accountReference: string) {
    return this.call("GET", `/api/v2/bank-transfer/reserved-accounts/${encodeURIComponent(accountReference)}`);
  }

  /** `DELETE /api/v1/bank-transfer/reserved-accounts/reference/{accountReference}`: deallocates it. */
  deallocateReservedAccount(accountReference: string) {
    return this.call("DELETE", `/api/v1/bank-transfer/reserved-accounts/reference/${encodeURIComponent(accountReference)}`);
  }

  // ---- Refunds and verification ---------------------------------------------------------

  /** `POST /api/v1/refunds/initiate-refund`. */
  initiateRefund(body: RefundRequest) {
    return this.call("POST", "/api/v1/refunds/initiate-refund", body);
  }

  /** `GET /api/v1/refunds/{refundReference}`. */
  getRefund(refundReference: string) {
    return this.call("GET", `/api/v1/refunds/${encodeURIComponent(refundReference)}`);
  }

  /** `POST /api/v1/vas/bvn-details-match`: `responseBody.name.matchStatus`. */
  bvnDetailsMatch(body: { bvn: string; name: string; dateOfBirth?: string; mobileNo?: string }) {
    return this.call("POST", "/api/v1/vas/bvn-details-match", body);
  }

  /** `POST /api/v1/vas/nin-details`: the NIN record's names. */
  ninDetails(nin: string) {
    return this.call("POST", "/api/v1/vas/nin-details", { nin });
  }
}

export type SingleTransferRequest = {
  amount: number;
  reference: string;
  narration: string;
  destinationBankCode: string;
  destinationAccountNumber: string;
  destinationAccountName: string;
  currency: "NGN";
  sourceAccountNumber: string;
};

export type InitTransactionRequest = {
  amount: number;
  customerName: string;
  customerEmail: string;
  paymentReference: string;
  paymentDescription: string;
  currencyCode: "NGN";
  contractCode: string;
  paymentMethods: string[];
  metaData?: Record<string, unknown>;
};

export type ReserveAccountRequest = {
  accountReference: string;
  accountName: string;
  currencyCode: "NGN";
  contractCode: string;
  customerEmail: string;
  customerName: string;
  bvn?: string;
  nin?: string;
  getAllAvailableBanks: boolean;
  preferredBanks?: string[];
};

export type RefundRequest = {
  transactionReference: string;
  refundReference: string;
  refundAmount: number;
  refundReason: string;
  customerNote: string;
  destinationAccountNumber?: string;
  destinationAccountBankCode?: string;
};

/** A query string of the defined values, each URL-encoded. */
export function qs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
}
