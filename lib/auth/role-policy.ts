import type { Mode, Role } from "@/db/schema";
import { AppError } from "@/lib/errors";

/**
 * What each dashboard role may do: one place for the rule, read by the pages (to hide or
 * disable controls) and enforced by the server actions.
 */
export const rolePolicy = {
  /** API keys, webhook secrets, test events and resends. */
  manageDevelopers: (role: Role) => role === "owner" || role === "developer",
  /** Sending money: owners always; developers only in test mode. */
  moveMoney: (role: Role, mode: Mode) => role === "owner" || (role === "developer" && mode === "test"),
  /** Sandbox funding of the test wallet. */
  fundTestWallet: (role: Role, mode: Mode) => mode === "test" && (role === "owner" || role === "developer"),
  /** Issuing things customers pay into (virtual accounts, PayIDs): any role but viewer. */
  createReceivables: (role: Role) => role === "owner" || role === "developer",
  /** Where static-account settlements are paid: owners only (it decides where money goes). */
  setSettlementDestination: (role: Role) => role === "owner",
};

/** Refuses (on the server) an action the member's role may not take. */
export function requireAllowed(allowed: boolean): void {
  if (!allowed) throw new AppError({ code: "FORBIDDEN", status: 403, message: "Your role does not allow this action." });
}
