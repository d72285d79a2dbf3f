import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { isUuid } from "@/lib/text-patterns";

/** True when the user exists and is an admin now (read fresh: a demoted admin loses access at once). */
export async function isAdminNow(tx: DbOrTx, userId: string | null | undefined): Promise<boolean> {
  if (!userId || !isUuid(userId)) return false;
  const [row] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isAdmin === true;
}
