/**
 * The Paystack rail (supplement §11): Owo's bank port on Paystack's documented API
 * (paystack.com/docs/api, the OpenAPI description PaystackOSS/openapi `dist/paystack.yaml`).
 * Dedicated virtual accounts for static accounts, Pay with Transfer for one-off accounts,
 * transfer recipients and `POST /transfer` for payouts, the refund API, the balance, and
 * `x-paystack-signature` webhooks.
 *
 * Amounts cross this interface in integer kobo and go to Paystack in kobo (JSON integers).
 */
import type { IdentityCheckResult } from "@/lib/bank/provider";
import type { Rail, RailCapabilities, StatementSource } from "@/lib/rails/rail";
import type { PaystackConfig } from "@/lib/rails/rail-config";
import { RailUnknownError } from "@/lib/rails/rail-errors";
import { PAYSTACK_ISSUE_BANKS } from "./banks";
import { describe, PaystackClient, RAIL, type PaystackClientOptions } from "./client";
import { issueStaticAccount, issueVirtualAccount, retireVirtualAccount, verifyInbound } from "./collections";
import { isObject, koboOf, str } from "./parse";
import { newMemory, resolveAccount, sendTransfer, transferStatus } from "./payouts";
import { providerReference } from "./reference";
import { refundPayment } from "./refunds";
import { paystackStatementPage } from "./statement";
import { parsePaystackNotice, verifyPaystackSignature } from "./webhook";

export const PAYSTACK_CAPABILITIES: RailCapabilities = {
  staticAccounts: true,
  virtualAccounts: true,
  // A pay-with-transfer account cannot be closed early: it closes at its expiry (collections.ts).
  retireAccounts: false,
  nameEnquiry: true,
  transfers: true,
  refunds: true,
  // Paystack's customer validation is asynchronous and needs the customer's bank account: no name check.
  identityCheck: false,
  balance: true,
};

/**
 * Paystack has no synchronous name-against-BVN/NIN check: "Validate Customer" (`POST
 * /customer/:code/identification`) takes the customer's BVN *and* bank account, answers 202,
 * and reports later by webhook (`customeridentification.success` / `.failed`), and its old BVN
 * match endpoint is gone. So the answer is always `unavailable`.
 */
export const IDENTITY_UNAVAILABLE: IdentityCheckResult = {
  outcome: "unavailable",
  reason: "Paystack validates a customer asynchronously (by webhook) against a BVN and a bank account; it offers no name check",
};

/** The rail plus what Paystack offers beyond the port (the client, for reconciliation). */
export type PaystackRail = Rail & StatementSource & { readonly client: PaystackClient };

export function createPaystackRail(config: PaystackConfig, options: PaystackClientOptions = {}): PaystackRail {
  const client = new PaystackClient(config, options);
  const memory = newMemory();
  return {
    name: "paystack",
    capabilities: PAYSTACK_CAPABILITIES,
    client,
    issueBanks: () => [...PAYSTACK_ISSUE_BANKS],
    resolveAccount: (input) => resolveAccount(client, input),
    sendTransfer: (input) => sendTransfer(client, memory, input),
    getTransferStatus: (reference) => transferStatus(client, providerReference(reference)),
    refundPayment: (input) => refundPayment(client, memory, input),
    issueVirtualAccount: (input) => issueVirtualAccount(client, memory, input),
    issueStaticAccount: (input) => issueStaticAccount(client, input),
    retireVirtualAccount: (input) => retireVirtualAccount(client, memory, input),
    verifyIdentity: async () => IDENTITY_UNAVAILABLE,
    verifySignature: (rawBody, headers) => verifyPaystackSignature(rawBody, headers, config.secretKey),
    parseNotice: (rawBody) => parsePaystackNotice(rawBody),
    verifyInbound: (lookup) => verifyInbound(client, lookup),
    providerReference,
    statementPage: (period, cursor) => paystackStatementPage(client, period, cursor),
    /** `balance` of the NGN entry of `GET /balance` (kobo). */
    async balance() {
      const a = await client.balance();
      const list = Array.isArray(a.env.dataValue) ? a.env.dataValue.filter(isObject) : [];
      const ngn = list.find((b) => (str(b.currency) ?? "NGN").toUpperCase() === "NGN");
      const kobo = ngn ? koboOf(ngn.balance) : null;
      if (!a.env.ok || kobo === null) throw new RailUnknownError(RAIL, `Paystack balance failed (${describe(a)})`, a.status);
      return kobo;
    },
  };
}
