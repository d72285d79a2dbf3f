import { headers } from "next/headers";
import { createSafeActionClient } from "next-safe-action";
import { getDb } from "@/db/client";
import type { Mode, Role } from "@/db/schema";
import { isAdminNow } from "@/lib/admin/is-admin";
import { requestActor } from "@/lib/audit/record-audit";
import { loadDashboardContext } from "@/lib/auth/dashboard-context";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { sessionUser } from "@/lib/auth/session-user";
import { mustSetUpTwoFactor, twoFactorRequiredError } from "@/lib/auth/two-factor/requirement";
import { appError, isAppError, merchantSuspended } from "@/lib/errors";
import { logError } from "@/lib/log";

/*
 * The server actions' clients (next-safe-action), from the most open to the most guarded:
 * actionClient (public: the hosted pages), securityAction (any signed-in member),
 * merchantAction(permission) (a member acting on their business, role checked, scope resolved)
 * and adminAction (a platform admin).
 */

/** The one place a server action's failure becomes a message for the person using it. */
export const actionClient = createSafeActionClient({
  handleServerError(err) {
    if (isAppError(err)) return err.details?.length ? `${err.message}: ${err.details.join("; ")}` : err.message;
    logError("unhandled error in a server action", { error: err });
    return "Something went wrong. Please try again.";
  },
});

/**
 * A signed-in member, whether or not their business's two-factor requirement is met: only for
 * a member's own account (password, sessions, setting two-factor up) and switching business.
 * Everything done to a business is a merchantAction.
 */
export const securityAction = actionClient.use(async ({ next }) => {
  const ctx = await loadDashboardContext();
  if (!ctx) throw appError("UNAUTHENTICATED");
  return next({ ctx });
});

/** Refused ("Your business requires two-factor authentication. …") while the business requires two-factor and the member has not set it up. */
const memberAction = securityAction.use(async ({ next, ctx }) => {
  if (await mustSetUpTwoFactor(ctx)) throw twoFactorRequiredError();
  return next({ ctx });
});

/** Refused while a platform admin has the business suspended (merchants.suspended_at, read with the dashboard context: no extra query), as its API keys are. */
const unsuspendedAction = memberAction.use(async ({ next, ctx }) => {
  if (ctx.merchant.suspendedAt) throw merchantSuspended();
  return next({ ctx });
});

/** Who may call a merchant action: a rule of rolePolicy (by its name), or "member": every member of the business. */
export type ActionPermission = keyof typeof rolePolicy | "member";

/** The business and mode a merchant action works in: what every domain command of the dashboard is scoped by. */
export type { MerchantScope } from "@/lib/auth/dashboard-context";

function allowed(permission: ActionPermission, role: Role, mode: Mode): boolean {
  if (permission === "member") return true;
  // Some rules read the mode, some only the role: each takes what it needs.
  const rule: (role: Role, mode: Mode) => boolean = rolePolicy[permission];
  return rule(role, mode);
}

/**
 * A signed-in member acting on their current business and mode, as `permission` allows
 * (rolePolicy; refused with "Your role does not allow this action."). The action receives the
 * dashboard context and `ctx.scope`, `{ merchantId, mode }`. `movesMoney`: also refused while
 * the business is suspended (send a transfer, fund a wallet, ask for or decide a refund).
 *
 * The checks run in this order, before the input is read: signed in, the business's two-factor
 * requirement, suspension (movesMoney), the role.
 */
export function merchantAction(permission: ActionPermission, opts: { movesMoney?: boolean } = {}) {
  return (opts.movesMoney ? unsuspendedAction : memberAction).use(async ({ next, ctx }) => {
    requireAllowed(allowed(permission, ctx.role, ctx.mode));
    return next({ ctx });
  });
}

/**
 * A platform admin acting in /admin. Checked on the server for every action (the proxy and the
 * page checks are gates, not the lock): signed in (a current session: session-user.ts), and an
 * admin in the database right now (never the token's flag).
 */
export const adminAction = actionClient.use(async ({ next }) => {
  const user = await sessionUser();
  const db = await getDb();
  const userId = user?.id;
  if (!userId) throw appError("UNAUTHENTICATED");
  if (!(await isAdminNow(db, userId))) throw appError("FORBIDDEN", { message: "Administrators only." });
  return next({ ctx: { db, actor: requestActor("admin", userId, await headers()) } });
});
