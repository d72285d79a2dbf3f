import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships, type Role } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { forbidden } from "./team-errors";

/**
 * Locks the business's owner memberships (FOR UPDATE, in a fixed order) and returns their
 * user ids. Every team change takes this lock first, so two owners demoting or removing each
 * other at once run one after the other, and the second sees the first's result: a business
 * never ends with no owner.
 */
export async function lockOwners(tx: DbOrTx, merchantId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner")))
    .orderBy(asc(memberships.userId))
    .for("update");
  return rows.map((r) => r.userId);
}

/**
 * Takes the owner lock and refuses (403) unless the acting user is one of the owners, as the
 * database says now (not as a cookie or a stale page said).
 */
export async function requireOwner(tx: DbOrTx, merchantId: string, actor: Actor): Promise<string[]> {
  const owners = await lockOwners(tx, merchantId);
  if (actor.type !== "user" || !actor.userId || !owners.includes(actor.userId)) throw forbidden();
  return owners;
}

/** A member's role in a business, locked; null when they are not a member. */
export async function lockMembership(tx: DbOrTx, merchantId: string, userId: string): Promise<Role | null> {
  const rows = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId)))
    .for("update");
  return rows[0]?.role ?? null;
}
