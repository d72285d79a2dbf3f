import { redirect } from "next/navigation";
import { auth } from "./auth";

/** Admin pages check again on the server: the proxy is a gate, not the only lock. */
export async function requireAdmin() {
  const session = await auth();
  if (!session?.user) redirect("/sign-in");
  if (!session.user.isAdmin) redirect("/dashboard");
  return session.user;
}
