import { and, gte, lt } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { sandboxBankTransfers } from "@/db/schema";
import type { StatementLine } from "@/lib/rails/rail";

const STATUS: Record<string, StatementLine["status"]> = { completed: "success", failed: "failed", reversed: "reversed", pending: "pending" };

/**
 * The sandbox bank's statement of a day (test mode): the payouts it was asked to make, from its
 * own books (`sandbox_bank_transfers`), under Owo's reference (the sandbox takes it as is). It
 * has no books of money in (test payments are booked straight through the inbound road).
 */
export async function sandboxStatement(tx: DbOrTx, period: { from: Date; to: Date }): Promise<StatementLine[]> {
  const rows = await tx
    .select()
    .from(sandboxBankTransfers)
    .where(and(gte(sandboxBankTransfers.createdAt, period.from), lt(sandboxBankTransfers.createdAt, period.to)));
  return rows.map((r) => ({
    direction: "out",
    providerReference: r.reference,
    owoReference: r.reference,
    sessionId: null,
    status: STATUS[r.status] ?? "pending",
    amount: r.amount,
    fee: 0,
    valueAt: r.createdAt,
    accountNumber: r.accountNumber,
    accountReference: null,
    payer: null,
  }));
}
