import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, STATIC_ACCOUNT_STATES, type StaticAccountState } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { notFound, validationError } from "@/lib/errors";

/** The product's states, for the admin's form (app/ does not import db/). */
export { STATIC_ACCOUNT_STATES } from "@/db/schema";

/** An admin (or `owo merchant set`) enables, disables or suspends the static-account product. */
export async function setStaticAccounts(
  db: Db,
  input: { merchantId: string; staticAccounts: string; actor: Actor },
): Promise<{ id: string; static_accounts: StaticAccountState }> {
  if (!(STATIC_ACCOUNT_STATES as readonly string[]).includes(input.staticAccounts)) {
    throw validationError([`static_accounts must be one of ${STATIC_ACCOUNT_STATES.join(", ")}`]);
  }
  const state = input.staticAccounts as StaticAccountState;
  if (!/^[0-9a-f-]{36}$/i.test(input.merchantId)) throw notFound("Merchant not found.");
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(merchants).where(eq(merchants.id, input.merchantId)).for("update");
    if (!before) throw notFound("Merchant not found.");
    await tx.update(merchants).set({ staticAccounts: state }).where(eq(merchants.id, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "merchant.static_accounts_changed",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { static_accounts: { from: before.staticAccounts, to: state } },
    });
    return { id: input.merchantId, static_accounts: state };
  });
}
