import type { DbOrTx } from "@/db/client";
import { auditLog, type ActorType } from "@/db/schema";
import { clientIpFromHeaders } from "@/lib/client-ip";

/** Who is acting: a signed-in user (dashboard), an admin, the CLI or the system itself. */
export type Actor = {
  type: ActorType;
  userId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

/** The client address of a request (lib/client-ip.ts), null when the server did not say. */
export function knownIp(h: Headers | null | undefined): string | null {
  if (!h) return null;
  const ip = clientIpFromHeaders(h);
  return ip === "unknown" ? null : ip.slice(0, 100);
}

/** Where a request comes from, for the audit: its client address and its user agent (300 characters at most). */
export function requestOrigin(h: Headers): { ip: string | null; userAgent: string | null } {
  return { ip: knownIp(h), userAgent: h.get("user-agent")?.slice(0, 300) ?? null };
}

/** A signed-in user or admin acting through a request (requestOrigin). */
export function requestActor(type: "user" | "admin", userId: string, h: Headers): Actor & { userId: string } {
  return { type, userId, ...requestOrigin(h) };
}

export const CLI_ACTOR: Actor = { type: "cli" };
export const SYSTEM_ACTOR: Actor = { type: "system" };

/** An audit entry's `changes`: each field's value before and after. */
export type AuditChanges = Record<string, { from?: unknown; to?: unknown }>;
type Changes = AuditChanges;

/**
 * The audit `changes` of an update: each field given as [before, after], kept only where the
 * value changed; null when nothing did (then there is nothing to audit).
 */
export function changedFields(pairs: Record<string, readonly [unknown, unknown]>): Changes | null {
  const changes: Changes = {};
  for (const [field, [from, to]] of Object.entries(pairs)) if (from !== to) changes[field] = { from, to };
  return Object.keys(changes).length ? changes : null;
}

/** Records one change in the caller's transaction; `changes` must never hold a secret. */
export async function recordAudit(
  tx: DbOrTx,
  entry: { merchantId: string | null; actor: Actor; action: string; targetType?: string; targetId?: string; changes?: Changes },
): Promise<void> {
  await tx.insert(auditLog).values({
    merchantId: entry.merchantId,
    actorType: entry.actor.type,
    actorUserId: entry.actor.userId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    changes: entry.changes ?? null,
    ip: entry.actor.ip ?? null,
    userAgent: entry.actor.userAgent ?? null,
  });
}
