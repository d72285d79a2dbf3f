import type { Mode, Role } from "@/db/schema";
import { ERROR_CATALOGUE } from "@/lib/error-catalogue";
import { appError } from "@/lib/errors";

/**
 * What each dashboard role may do: one place for each rule, read by the pages (to hide or
 * disable controls) and enforced by the server actions (lib/auth/role-enforcement.test.ts
 * calls every action as every role).
 *
 * owner: everything. developer: API keys and their webhooks in test mode only, test-mode
 * tools, receivables in both modes, moving money and refund requests in test mode only, the
 * audit log. viewer: reads only, and never sees a secret. Team and settlement destination:
 * owners only. Reading the dashboard (payments, transfers, request logs, webhook deliveries)
 * needs no rule: every member may.
 */
export const rolePolicy = {
  /**
   * API keys and their webhooks: create, roll and revoke keys, reveal or rotate a webhook
   * secret, resend events and send test events. Owners in both modes; developers in test mode
   * (live keys and live webhooks are owner-only). Never viewers: each of these shows a secret.
   */
  manageDevelopers: (role: Role, mode: Mode) => role === "owner" || (role === "developer" && mode === "test"),
  /**
   * Moving money out: sending transfers (and the look-ups and quote of the send form) and
   * requesting refunds. Owners always; developers only in test mode.
   */
  moveMoney: (role: Role, mode: Mode) => role === "owner" || (role === "developer" && mode === "test"),
  /** Sandbox funding of the test wallet (a test-mode tool): owners and developers, test mode only. */
  fundTestWallet: (role: Role, mode: Mode) => mode === "test" && (role === "owner" || role === "developer"),
  /**
   * Things customers pay into, and managing them (PayIDs, virtual accounts, invoices, static
   * accounts): owners and developers, in both modes.
   */
  createReceivables: (role: Role) => role === "owner" || role === "developer",
  /** Where static-account settlements are paid: owners only (it decides where money goes). */
  setSettlementDestination: (role: Role) => role === "owner",
  /** The payout account and schedule (automatic payouts, supplement §13): owners only (it decides where money goes). */
  setPayoutSettings: (role: Role) => role === "owner",
  /** Deciding the business's own test-mode refunds (supplement §10): owners and developers, test mode only (live refunds are an admin's). */
  decideTestRefunds: (role: Role, mode: Mode) => mode === "test" && (role === "owner" || role === "developer"),
  /** Approval rules for large dashboard transfers, and approving another member's (issue 25): owners only. */
  approveTransfers: (role: Role) => role === "owner",
  /** The activation request (supplement §13): owners only (it opens live mode and names the payout account). */
  activateBusiness: (role: Role) => role === "owner",
  /** Settings → Business profile and Notifications (what customers see, what is emailed): owners only. */
  editBusinessSettings: (role: Role) => role === "owner",
  /** Inviting, changing and removing members: owners only. */
  manageTeam: (role: Role) => role === "owner",
  /** Settings → Audit log: owners and developers. */
  viewAuditLog: (role: Role) => role === "owner" || role === "developer",
};

export const FORBIDDEN_MESSAGE = ERROR_CATALOGUE.FORBIDDEN.message;

/** Refuses (on the server) an action the member's role may not take. */
export function requireAllowed(allowed: boolean): void {
  if (!allowed) throw appError("FORBIDDEN");
}

/** The hint a page shows beside a control the member's role cannot use: "Your role (viewer) can't send money." */
export function roleHint(role: Role, what: string, mode?: Mode): string {
  return `Your role (${role}) can't ${what}${mode === "live" && role === "developer" ? " in live mode" : ""}.`;
}
