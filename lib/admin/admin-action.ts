import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import { requestActor } from "@/lib/audit/record-audit";
import { auth } from "@/lib/auth/auth";
import { AppError } from "@/lib/errors";
import { isAdminNow } from "./is-admin";

/**
 * A platform admin acting in /admin. Checked on the server for every action (the proxy and the
 * page checks are gates, not the lock): signed in, and an admin in the database right now.
 */
export const adminAction = actionClient.use(async ({ next }) => {
  const session = await auth();
  const db = await getDb();
  const userId = session?.user?.id;
  if (!userId) throw new AppError({ code: "UNAUTHENTICATED", status: 401, message: "Please sign in again." });
  if (!(await isAdminNow(db, userId))) throw new AppError({ code: "FORBIDDEN", status: 403, message: "Administrators only." });
  return next({ ctx: { db, actor: requestActor("admin", userId, await headers()) } });
});
