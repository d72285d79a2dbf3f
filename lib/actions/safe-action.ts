import { createSafeActionClient } from "next-safe-action";
import { loadDashboardContext } from "@/lib/auth/dashboard-context";
import { mustSetUpTwoFactor, twoFactorRequiredError } from "@/lib/auth/two-factor/requirement";
import { appError, isAppError, merchantSuspended } from "@/lib/errors";
import { logError } from "@/lib/log";

/** The one place a dashboard action's failure becomes a message for the person using it. */
export const actionClient = createSafeActionClient({
  handleServerError(err) {
    if (isAppError(err)) return err.details?.length ? `${err.message}: ${err.details.join("; ")}` : err.message;
    logError("unhandled error in a server action", { error: err });
    return "Something went wrong. Please try again.";
  },
});

/**
 * A signed-in member, whether or not their business's two-factor requirement is met: only for
 * setting two-factor up (Settings → Security) and switching business. Everything else is a
 * merchantAction.
 */
export const securityAction = actionClient.use(async ({ next }) => {
  const ctx = await loadDashboardContext();
  if (!ctx) throw appError("UNAUTHENTICATED");
  return next({ ctx });
});

/**
 * A signed-in member acting on their current business and mode. Refused ("Your business
 * requires two-factor authentication. …") while the business requires two-factor and they have not set it up.
 */
export const merchantAction = securityAction.use(async ({ next, ctx }) => {
  if (await mustSetUpTwoFactor(ctx)) throw twoFactorRequiredError();
  return next({ ctx });
});

/**
 * A merchantAction that moves money (send a transfer, fund a wallet, ask for a refund):
 * refused while a platform admin has the business suspended (merchants.suspended_at, read
 * with the dashboard context: no extra query), as its API keys are.
 */
export const moneyAction = merchantAction.use(async ({ next, ctx }) => {
  if (ctx.merchant.suspendedAt) throw merchantSuspended();
  return next({ ctx });
});
