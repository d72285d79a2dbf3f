import { and, count, desc, eq, sum } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments, type Mode, type Payment } from "@/db/schema";

/** The payments a static or dynamic PayID took: the newest few and the totals, for its dashboard page. */
export async function payIdPayments(
  tx: DbOrTx,
  input: { merchantId: string; mode: Mode; staticPayIdId?: string; dynamicPayIdId?: string; limit?: number },
): Promise<{ recent: Payment[]; count: number; total: number }> {
  const where = and(
    eq(payments.merchantId, input.merchantId),
    eq(payments.mode, input.mode),
    input.staticPayIdId ? eq(payments.staticPayIdId, input.staticPayIdId) : undefined,
    input.dynamicPayIdId ? eq(payments.dynamicPayIdId, input.dynamicPayIdId) : undefined,
  );
  const [recent, [totals]] = await Promise.all([
    tx
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(input.limit ?? 10),
    tx
      .select({ n: count(), amount: sum(payments.amount) })
      .from(payments)
      .where(where),
  ]);
  return { recent, count: totals?.n ?? 0, total: Number(totals?.amount ?? 0) };
}
