/**
 * The Flutterwave rail (supplement §11): Owo's bank port on Flutterwave's documented v3 API
 * (developer.flutterwave.com). Permanent and temporary virtual account numbers for static and
 * one-off accounts, `POST /transfers` for payouts, the refund API for refunds, the NGN balance,
 * and `verif-hash` / `flutterwave-signature` webhooks.
 *
 * Amounts cross this interface in integer kobo and go to Flutterwave as naira JSON numbers with
 * at most two decimals (lib/rails/units.ts).
 */
import type { IdentityCheckResult } from "@/lib/bank/provider";
import type { Rail, RailCapabilities, StatementSource } from "@/lib/rails/rail";
import type { FlutterwaveConfig } from "@/lib/rails/rail-config";
import { RailUnknownError } from "@/lib/rails/rail-errors";
import { koboToNairaNumber } from "@/lib/rails/units";
import { FLUTTERWAVE_ISSUE_BANKS } from "./banks";
import { FlutterwaveClient, RAIL, type FlutterwaveClientOptions } from "./client";
import { flutterwaveStatementPage } from "./statement";
import { issueStaticAccount, issueVirtualAccount, retireVirtualAccount, verifyInbound } from "./collections";
import { koboFloor, koboRounded } from "./parse";
import { describe, newMemory, resolveAccount, sendTransfer, transferStatus } from "./payouts";
import { providerReference } from "./reference";
import { refundPayment } from "./refunds";
import { parseFlutterwaveNotice, verifyFlutterwaveSignature } from "./webhook";

export const FLUTTERWAVE_CAPABILITIES: RailCapabilities = {
  staticAccounts: true,
  virtualAccounts: true,
  // Flutterwave documents deactivation for static accounts; a one-off account is retired only
  // when Flutterwave deactivates it or it has expired (collections.ts).
  retireAccounts: false,
  nameEnquiry: true,
  transfers: true,
  refunds: true,
  // v3's BVN check is consent-based (the customer approves it on a NIBSS page): no name check.
  identityCheck: false,
  balance: true,
};

/**
 * Flutterwave v3 verifies a BVN only with the customer's consent (`POST /bvn/verifications`
 * answers a NIBSS consent URL the customer must open), so a server-side name check is not
 * possible: always `unavailable`.
 */
export const IDENTITY_UNAVAILABLE: IdentityCheckResult = {
  outcome: "unavailable",
  reason: "Flutterwave's BVN verification needs the customer's consent on a NIBSS page; it offers no server-side name check",
};

/** The rail plus what Flutterwave offers beyond the port (the fee quote, the client for reconciliation). */
export type FlutterwaveRail = Rail &
  StatementSource & {
    /** Kobo Flutterwave says it charges for a payout of `amount` kobo (`GET /transfers/fee`); null when it does not say. */
    transferFee(amount: number): Promise<number | null>;
    readonly client: FlutterwaveClient;
  };

export function createFlutterwaveRail(config: FlutterwaveConfig, options: FlutterwaveClientOptions = {}): FlutterwaveRail {
  const client = new FlutterwaveClient(config, options);
  const memory = newMemory();
  const now = () => (options.now ?? Date.now)();
  return {
    name: "flutterwave",
    capabilities: FLUTTERWAVE_CAPABILITIES,
    client,
    issueBanks: () => [...FLUTTERWAVE_ISSUE_BANKS],
    resolveAccount: (input) => resolveAccount(client, input),
    sendTransfer: (input) => sendTransfer(client, memory, input),
    getTransferStatus: (reference) => transferStatus(client, memory, providerReference(reference)),
    refundPayment: (input) => refundPayment(client, memory, input),
    issueVirtualAccount: (input) => issueVirtualAccount(client, input, now()),
    issueStaticAccount: (input) => issueStaticAccount(client, input),
    retireVirtualAccount: (input) => retireVirtualAccount(client, input, now()),
    verifyIdentity: async () => IDENTITY_UNAVAILABLE,
    verifySignature: (rawBody, headers) => verifyFlutterwaveSignature(rawBody, headers, config.secretHash),
    parseNotice: (rawBody) => parseFlutterwaveNotice(rawBody),
    verifyInbound: (lookup) => verifyInbound(client, lookup),
    statementPage: (period, cursor) => flutterwaveStatementPage(client, period, cursor),
    providerReference,
    /** `available_balance` of the NGN balance payouts are paid from. */
    async balance() {
      const a = await client.balance("NGN");
      const data = Array.isArray(a.env.dataValue)
        ? ((a.env.dataValue.find((b) => (b as { currency?: unknown })?.currency === "NGN") ?? {}) as Record<string, unknown>)
        : a.env.data;
      const available = koboFloor(data.available_balance);
      if (!a.env.ok || available === null) throw new RailUnknownError(RAIL, `Flutterwave balance failed (${describe(a)})`, a.status);
      return available;
    },
    async transferFee(amount) {
      const a = await client.transferFee(koboToNairaNumber(amount));
      if (!a.env.ok) return null;
      const first = Array.isArray(a.env.dataValue) ? a.env.dataValue[0] : a.env.dataValue;
      return koboRounded((first as { fee?: unknown } | undefined)?.fee);
    },
  };
}
