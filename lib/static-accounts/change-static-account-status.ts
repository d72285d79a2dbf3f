import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { staticAccounts, type Mode, type StaticAccount } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { lockStaticAccountOrThrow } from "./get-static-account";
import { assertStaticAccountsEnabled } from "./product-state";
import { staticAccountErrors } from "./static-account-errors";

/** `actor` is given by the dashboard (audited); an API key's call is not an audit actor. */
type Target = { merchantId: string; mode: Mode; id: string; actor?: Actor };
type Action = "disable" | "enable" | "delete";
const AUDIT_ACTION = { disable: "static_account.disabled", enable: "static_account.enabled", delete: "static_account.deleted" } as const;

/**
 * api.md's Static NGN account state machine for the merchant's actions: active → disabled
 * (the bank rejects transfers), disabled → active, any permitted state → deleted (permanent;
 * the number is never reused: the row and its unique number stay). A suspended account is
 * the service's: enable (or disable) is refused ACCOUNT_SUSPENDED; a deleted one refuses every
 * change ACCOUNT_DELETED. Repeating the current state answers the account unchanged. The
 * merchant's product must be enabled (STATIC_ACCOUNT_NOT_ENABLED / STATIC_ACCOUNT_SUSPENDED).
 */
async function changeStatus(db: Db, input: Target, action: Action): Promise<StaticAccount> {
  await assertStaticAccountsEnabled(db, input.merchantId);
  return db.transaction(async (tx) => {
    const account = await lockStaticAccountOrThrow(tx, input);
    if (account.status === "deleted") throw staticAccountErrors.accountDeleted();
    if (account.status === "suspended" && action !== "delete") throw staticAccountErrors.accountSuspended();
    const next = action === "disable" ? "disabled" : action === "enable" ? "active" : "deleted";
    if (account.status === next) return account;
    const stamp = action === "disable" ? { disabledAt: sql`now()` } : action === "enable" ? { disabledAt: null } : { deletedAt: sql`now()` };
    const [updated] = await tx
      .update(staticAccounts)
      .set({ status: next, ...stamp, updatedAt: sql`now()` })
      .where(eq(staticAccounts.id, account.id))
      .returning();
    if (input.actor) {
      await recordAudit(tx, {
        merchantId: account.merchantId,
        actor: input.actor,
        action: AUDIT_ACTION[action],
        targetType: "static_account",
        targetId: account.id,
        changes: { status: { from: account.status, to: next } },
      });
    }
    return updated!;
  });
}

export const disableStaticAccount = (db: Db, input: Target) => changeStatus(db, input, "disable");
export const enableStaticAccount = (db: Db, input: Target) => changeStatus(db, input, "enable");
export const deleteStaticAccount = (db: Db, input: Target) => changeStatus(db, input, "delete");

/**
 * A service action (`owo static-account suspend --id`, the admin area): the account stops
 * taking payments and the merchant can no longer enable it. Any merchant's account, by id.
 * A deleted account stays deleted (ACCOUNT_DELETED); suspending twice answers it unchanged.
 */
export async function suspendStaticAccount(db: Db, input: { id: string; actor: Actor }): Promise<StaticAccount> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(staticAccounts).where(eq(staticAccounts.id, input.id)).for("update");
    if (!account) throw staticAccountErrors.notFound();
    if (account.status === "deleted") throw staticAccountErrors.accountDeleted();
    if (account.status === "suspended") return account;
    const [updated] = await tx
      .update(staticAccounts)
      .set({ status: "suspended", suspendedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(staticAccounts.id, account.id))
      .returning();
    await recordAudit(tx, {
      merchantId: account.merchantId,
      actor: input.actor,
      action: "static_account.suspended",
      targetType: "static_account",
      targetId: account.id,
      changes: { status: { from: account.status, to: "suspended" } },
    });
    return updated!;
  });
}
