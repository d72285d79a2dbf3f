import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { dynamicPayIds, merchants, payIds, staticPayIds, type AmountValidation, type Mode, type PayId, type PayIdKind, type SessionStatus } from "@/db/schema";
import { isAppError } from "@/lib/errors";
import { normalisePayId } from "@/lib/payids/find-pay-id";
import { expireDynamicPayIdIfDue } from "@/lib/payids/expire-dynamic-payid";
import { findSession } from "@/lib/sessions/find-session";

export type PayPageStatus = "active" | "inactive" | "expired" | "completed" | "deactivated";

/** What the PayID pay page (app/p/[payId], a PayID's qr_data / pay link) shows a payer. */
export type PayPagePayId = {
  payId: string;
  mode: Mode;
  kind: PayIdKind;
  /** Who the payer is paying: the PayID's display name, or the business for a wallet PayID. */
  name: string;
  merchantName: string;
  /** The business: its profile brands the page. */
  merchantId: string;
  /** Kobo, when the PayID names an amount; its rule says how a payment must compare to it. */
  amount: number | null;
  amountValidation: AmountValidation | null;
  status: PayPageStatus;
  /** Takes payments now. */
  open: boolean;
  expiresAt: Date | null;
  /** The checkout session this PayID was issued for (its amount is the session's). */
  session: { id: string; amount: number; status: SessionStatus } | null;
  /** The same PayID also exists in the other mode (a wallet handle always does): links must say which. */
  otherMode: Mode | null;
};

/**
 * A PayID by what a payer typed or scanned (`@Acme`, `k3j9x2ab.dypid`). PayIDs are unique per
 * mode, not across modes (a wallet handle exists in both), so live is preferred: a real payer
 * must never land on test money. `mode` asks for one mode explicitly (the page's `?mode=test`).
 * Lazy expiry is applied on the way, as every read of a dynamic PayID or session does.
 */
export async function getPayPagePayId(tx: DbOrTx, input: { payId: string; mode?: Mode }): Promise<PayPagePayId | null> {
  const wanted = normalisePayId(input.payId);
  if (!wanted || wanted.length > 80) return null;
  const rows = await tx.select().from(payIds).where(eq(payIds.payId, wanted));
  const byMode = (m: Mode) => rows.find((r) => r.mode === m);
  const row = input.mode ? byMode(input.mode) : (byMode("live") ?? byMode("test"));
  if (!row) return null;
  const otherMode: Mode = row.mode === "live" ? "test" : "live";
  const [merchant] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, row.merchantId));
  const merchantName = merchant?.name ?? "Owo Checkout";
  const base = { payId: row.payId, mode: row.mode, kind: row.kind, merchantName, merchantId: row.merchantId, otherMode: byMode(otherMode) ? otherMode : null };
  if (row.kind === "wallet") return wallet(row, base);
  if (row.kind === "static") return staticPayId(tx, row, base);
  return dynamicPayId(tx, row, base);
}

type Base = Pick<PayPagePayId, "payId" | "mode" | "kind" | "merchantName" | "merchantId" | "otherMode">;

const closedFor = (status: PayPageStatus) => status !== "active";

function wallet(row: PayId, base: Base): PayPagePayId {
  const status: PayPageStatus = row.isActive ? "active" : "inactive";
  return { ...base, name: base.merchantName, amount: null, amountValidation: null, status, open: !closedFor(status), expiresAt: null, session: null };
}

async function staticPayId(tx: DbOrTx, row: PayId, base: Base): Promise<PayPagePayId | null> {
  const [record] = await tx.select({ name: staticPayIds.name, isActive: staticPayIds.isActive }).from(staticPayIds).where(eq(staticPayIds.payIdId, row.id));
  if (!record) return null;
  const status: PayPageStatus = record.isActive && row.isActive ? "active" : "inactive";
  return { ...base, name: record.name, amount: null, amountValidation: null, status, open: !closedFor(status), expiresAt: null, session: null };
}

async function dynamicPayId(tx: DbOrTx, row: PayId, base: Base): Promise<PayPagePayId | null> {
  const [found] = await tx.select().from(dynamicPayIds).where(eq(dynamicPayIds.payIdId, row.id));
  if (!found) return null;
  const record = await expireDynamicPayIdIfDue(tx, found);
  let session: PayPagePayId["session"] = null;
  if (record.sessionId) {
    const s = await findSession(tx, { sessionId: record.sessionId, owner: null }).catch((err) => {
      if (isAppError(err)) return null;
      throw err;
    });
    if (s) session = { id: s.id, amount: s.amount, status: s.status };
  }
  // A session's PayID takes money only while its session does.
  const status: PayPageStatus = record.status;
  const open = status === "active" && (session === null || session.status === "active");
  return {
    ...base,
    name: record.name,
    amount: session ? session.amount : record.amount,
    amountValidation: record.amount === null && !session ? null : record.amountValidation,
    status,
    open,
    expiresAt: record.expiresAt,
    session,
  };
}
