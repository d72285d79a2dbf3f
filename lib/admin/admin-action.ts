import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import { requestActor } from "@/lib/audit/record-audit";
import { sessionUser } from "@/lib/auth/session-user";
import { appError } from "@/lib/errors";
import { isAdminNow } from "./is-admin";

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
