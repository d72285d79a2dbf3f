import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { actionClient } from "@/lib/actions/safe-action";
import type { Actor } from "@/lib/audit/record-audit";
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
  const h = await headers();
  const actor: Actor & { userId: string } = {
    type: "admin",
    userId,
    ip: h.get("x-forwarded-for")?.split(",")[0]?.trim() ?? null,
    userAgent: h.get("user-agent")?.slice(0, 300) ?? null,
  };
  return next({ ctx: { db, actor } });
});
