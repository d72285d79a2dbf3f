import { preparedRows, type Db } from "@/db/client";
import type { PreparedRead } from "@/lib/http/rate-limit";
import type { CheckoutSession } from "@/db/schema";
import { isUuid } from "@/lib/text-patterns";
import { assertOwner, findSession, type SessionOwner } from "./find-session";
import { sessionNotFound } from "./session-errors";
import { toVerifyView, type SessionVerifyView } from "./session-views";

export type VerifyRow = Pick<
  CheckoutSession,
  "id" | "reference" | "merchantReference" | "merchantId" | "mode" | "keyPairId" | "status" | "currency" | "customerEmail" | "paymentMethod"
> & {
  amount: string;
  paidAtMs: string | null;
  expiresAtMs: string;
};

// The verify answer's columns and the ownership ones, nothing else (no jsonb or arrays to
// parse): one prepared statement, planned once per connection. Numbers and instants travel
// as text (int8 and timestamps come back differently from each driver, and Drizzle's
// postgres.js setup leaves timestamps unparsed): amount, and instants as epoch milliseconds
// (truncated, as a Date parsed from Postgres' microseconds would be).
const VERIFY_READ = `select id::text as "id", reference as "reference", merchant_reference as "merchantReference",
  merchant_id::text as "merchantId", mode as "mode", key_pair_id::text as "keyPairId", status as "status",
  amount::text as "amount", currency as "currency", customer_email as "customerEmail", payment_method as "paymentMethod",
  floor(extract(epoch from paid_at) * 1000)::bigint::text as "paidAtMs",
  floor(extract(epoch from expires_at) * 1000)::bigint::text as "expiresAtMs"
  from checkout_sessions where id = $1::uuid`;

/** The verify read for the /v1 pipeline to send with its rate-limit count; null for an id that is no UUID. */
export function verifyRead(sessionId: string): PreparedRead<VerifyRow> | null {
  return isUuid(sessionId) ? { text: VERIFY_READ, params: [sessionId] } : null;
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
  const [row] = input.prefetched ?? (await preparedRows<VerifyRow>(db, VERIFY_READ, [input.sessionId]));
  assertOwner(row, input.owner);
  if (row.status === "active" && Number(row.expiresAtMs) <= Date.now()) return toVerifyView(await findSession(db, input));
  return toVerifyView({ ...row, amount: Number(row.amount), paidAt: row.paidAtMs === null ? null : new Date(Number(row.paidAtMs)) });
}
