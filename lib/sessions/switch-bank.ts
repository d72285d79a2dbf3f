import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions } from "@/db/schema";
import { railForBank } from "@/lib/rails/router";
import { lockActiveSession, type SessionOwner } from "./find-session";
import { accountNotIssued, bankUnavailable, noBankToSwitch } from "./session-errors";
import { issueSessionAccount, liveVirtualAccount, merchantNameOf } from "./session-instruments";
import { logSessionEvent } from "./session-timeline";
import { toBankTransferDetails, type BankTransferDetails } from "./session-views";
import { retireVirtualAccount } from "@/lib/virtual-accounts/issue-virtual-account";

export type SwitchBankInput = {
  sessionId: string;
  /** The calling key pair; null for the hosted checkout page. */
  owner: SessionOwner | null;
  /** A `provider` from the session's banks list. */
  provider: string;
  merchantName?: string | null;
};

/**
 * POST /v1/checkout/session/:sessionId/switch-bank: the previous account is retired (503
 * BANK_SWITCH_FAILED when its bank refuses; nothing changes) and a new one issued at the chosen
 * bank, for the same amount, reference and session; `bank_switched` goes on the timeline.
 * Asking for the bank the live account is already at answers that account unchanged.
 */
export async function switchBank(db: Db, input: SwitchBankInput): Promise<BankTransferDetails> {
  const outcome = await db.transaction(async (tx) => {
    const locked = await lockActiveSession(tx, input);
    if (locked.refusal) return { refusal: locked.refusal };
    const session = locked.session;
    if (!railForBank(session.mode, input.provider)) throw bankUnavailable(input.provider);
    if (session.paymentMethod !== "bank_transfer" || !session.virtualAccountId) throw noBankToSwitch();

    const current = await liveVirtualAccount(tx, session);
    if (current && current.provider === input.provider) return { details: toBankTransferDetails(session, current) };

    await retireVirtualAccount(tx, session.virtualAccountId);
    const merchantName = input.merchantName !== undefined ? input.merchantName : await merchantNameOf(tx, session.merchantId);
    const account = await issueSessionAccount(tx, session, { merchantName, provider: input.provider });
    const [updated] = await tx.update(checkoutSessions).set({ virtualAccountId: account.id }).where(eq(checkoutSessions.id, session.id)).returning();
    await logSessionEvent(tx, session.id, "bank_switched", {
      from_virtual_account_id: session.virtualAccountId,
      from_provider: current?.provider ?? null,
      from_account_number: current?.accountNumber ?? null,
      to_virtual_account_id: account.id,
      to_provider: account.provider,
      to_account_number: account.accountNumber,
      status: account.status,
    });
    if (account.status !== "pending") return { refusal: accountNotIssued() };
    return { details: toBankTransferDetails(updated!, account) };
  });
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.details;
}
