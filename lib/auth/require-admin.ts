import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { isAdminNow } from "@/lib/admin/is-admin";
import { auth } from "./auth";

/**
 * Admin pages check again on the server: the proxy is a gate, not the only lock. The admin flag
 * is read from the database now, never from the session token (a removed admin is refused at once).
 */
export async function requireAdmin() {
  const session = await auth();
  if (!session?.user?.id) redirect("/sign-in");
  if (!(await isAdminNow(await getDb(), session.user.id))) redirect("/dashboard");
  return { ...session.user, isAdmin: true };
}
