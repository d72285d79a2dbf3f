import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { isAdminNow } from "./is-admin";
import { sessionUser } from "@/lib/auth/session-user";

/**
 * Admin pages check again on the server: the proxy is a gate, not the only lock. The admin flag
 * is read from the database now, never from the session token (a removed admin is refused at once).
 */
export async function requireAdmin() {
  const user = await sessionUser();
  if (!user) redirect("/sign-in");
  if (!(await isAdminNow(await getDb(), user.id))) redirect("/dashboard");
  return { ...user, isAdmin: true };
}
