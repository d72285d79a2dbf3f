/**
 * The Monnify rail (supplement §11): Owo's bank port on Monnify's documented API
 * (developers.monnify.com). Reserved accounts for static accounts, init-transaction +
 * init-payment for one-off accounts, single disbursements for payouts, the refund API for
 * refunds, BVN/NIN checks, the wallet balance, and `monnify-signature` webhooks.
 *
 * Amounts cross this interface in integer kobo and go to Monnify as naira JSON numbers with
 * two decimals (lib/rails/units.ts).
 */
import type { Rail, RailCapabilities, StatementSource } from "@/lib/rails/rail";
import type { MonnifyConfig } from "@/lib/rails/rail-config";
import { RailUnknownError } from "@/lib/rails/rail-errors";
import { MonnifyClient, RAIL, type MonnifyClientOptions } from "./client";
import { monnifyStatementPage } from "./statement";
import { issueStaticAccount, issueVirtualAccount, MONNIFY_ISSUE_BANKS, retireStaticAccount, retireVirtualAccount, verifyInbound } from "./collections";
import { verifyIdentity } from "./identity";
import { kobo } from "./parse";
import { refundPayment, resolveAccount, sendTransfer, transferStatus } from "./payouts";
import { providerReference } from "./reference";
import { parseMonnifyNotice, verifyMonnifySignature } from "./webhook";

export const MONNIFY_CAPABILITIES: RailCapabilities = {
  staticAccounts: true,
  virtualAccounts: true,
  // One-off accounts close only when their transaction ends (collections.ts).
  retireAccounts: false,
  nameEnquiry: true,
  transfers: true,
  refunds: true,
  identityCheck: true,
  balance: true,
};

/** The rail plus what Monnify offers beyond the port (a reserved account's deallocation, the client for reconciliation). */
export type MonnifyRail = Rail &
  StatementSource & {
    /** Deallocates a reserved (static) account by the `railReference` its issue returned. */
    retireStaticAccount(railReference: string): Promise<{ retired: boolean; reason?: string }>;
    readonly client: MonnifyClient;
  };

export function createMonnifyRail(config: MonnifyConfig, options: MonnifyClientOptions = {}): MonnifyRail {
  const client = new MonnifyClient(config, options);
  const now = () => (options.now ?? Date.now)();
  return {
    name: "monnify",
    capabilities: MONNIFY_CAPABILITIES,
    client,
    issueBanks: () => [...MONNIFY_ISSUE_BANKS],
    resolveAccount: (input) => resolveAccount(client, input),
    sendTransfer: (input) => sendTransfer(client, input),
    getTransferStatus: (reference) => transferStatus(client, providerReference(reference)),
    refundPayment: (input) => refundPayment(client, input),
    issueVirtualAccount: (input) => issueVirtualAccount(client, input, now()),
    issueStaticAccount: (input) => issueStaticAccount(client, input),
    retireVirtualAccount: (input) => retireVirtualAccount(client, input),
    retireStaticAccount: (railReference) => retireStaticAccount(client, railReference),
    verifyIdentity: (input) => verifyIdentity(client, input),
    verifySignature: (rawBody, headers) => verifyMonnifySignature(rawBody, headers, config.secretKey),
    parseNotice: (rawBody) => parseMonnifyNotice(rawBody),
    verifyInbound: (lookup) => verifyInbound(client, lookup),
    statementPage: (period, cursor) => monnifyStatementPage(client, config.sourceAccount, period, cursor),
    providerReference,
    /** `availableBalance` of the wallet payouts are paid from. */
    async balance() {
      const a = await client.walletBalance(config.sourceAccount);
      const available = kobo(a.env.body.availableBalance);
      if (!a.env.ok || available === null) throw new RailUnknownError(RAIL, `Monnify wallet balance failed (HTTP ${a.status}: ${a.env.message})`, a.status);
      return available;
    },
  };
}
