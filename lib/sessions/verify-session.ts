import type { Db } from "@/db/client";
import { readSessionForVerify, sessionVerifyRead, type VerifyRow } from "@/db/statements/checkout-sessions";
import type { PreparedRead } from "@/db/statements/prefetch";
import { isUuid } from "@/lib/text-patterns";
import { assertOwner, findSession, type SessionOwner } from "./find-session";
import { sessionNotFound } from "./session-errors";
import { toVerifyView, type SessionVerifyView } from "./session-views";

export type { VerifyRow };

/** The verify read for the /v1 pipeline to send with its rate-limit count; null for an id that is no UUID. */
export function verifyRead(sessionId: string): PreparedRead<VerifyRow> | null {
  return isUuid(sessionId) ? sessionVerifyRead(sessionId) : null;
}

/**
 * GET /v1/checkout/session/:sessionId/verify: one read (`prefetched` when the pipeline already
 * made it, see verifyRead). A session found due to expire goes through findSession, which
 * re-reads it and expires it in a transaction before answering (api.md: "status updated
 * before returning").
 */
export async function verifySession(
  db: Db,
  input: { sessionId: string; owner: SessionOwner | null; prefetched?: VerifyRow[] | null },
): Promise<SessionVerifyView> {
  if (!isUuid(input.sessionId)) throw sessionNotFound();
  const [row] = input.prefetched ?? (await readSessionForVerify(db, input.sessionId));
  assertOwner(row, input.owner);
  if (row.status === "active" && Number(row.expiresAtMs) <= Date.now()) return toVerifyView(await findSession(db, input));
  return toVerifyView({ ...row, amount: Number(row.amount), paidAt: row.paidAtMs === null ? null : new Date(Number(row.paidAtMs)) });
}
