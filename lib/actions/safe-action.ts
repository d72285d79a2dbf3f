import { createSafeActionClient } from "next-safe-action";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { AppError, isAppError } from "@/lib/errors";
import { logError } from "@/lib/log";

/** The one place a dashboard action's failure becomes a message for the person using it. */
export const actionClient = createSafeActionClient({
  handleServerError(err) {
    if (isAppError(err)) return err.details?.length ? `${err.message}: ${err.details.join("; ")}` : err.message;
    logError("unhandled error in a server action", { error: err });
    return "Something went wrong. Please try again.";
  },
});

/** A signed-in member acting on their current business and mode. */
export const merchantAction = actionClient.use(async ({ next }) => {
  const ctx = await getDashboardContext();
  if (!ctx) throw new AppError({ code: "UNAUTHENTICATED", status: 401, message: "Please sign in again." });
  return next({ ctx });
});
