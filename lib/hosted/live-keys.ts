import type { Mode } from "@/db/schema";

/**
 * What a hosted page watches so it can move by itself when money arrives (issue 26 item 1):
 * the checkout session's status, the invoice's status and amount paid, a PayID's status (a
 * dynamic PayID completes on its payment). Keys are written as the NOTIFY payloads of
 * migration 0032 are: `session:<id>`, `invoice:<public id>`, `payid:<mode>:<PayID>`.
 * The status is only what the page itself already shows anyone holding its address.
 */
export type LiveKind = "session" | "invoice" | "payid";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAY_ID = /^(test|live):[^\s:/]{1,80}$/;

/** The key for a page's record, or null when `id` cannot name one (the route answers 404). */
export function liveKey(kind: string, id: string): string | null {
  if (kind === "session") return UUID.test(id) ? `session:${id}` : null;
  if (kind === "invoice") return PUBLIC_ID.test(id) ? `invoice:${id}` : null;
  if (kind === "payid") return PAY_ID.test(id) ? `payid:${id}` : null;
  return null;
}

/** The path a page subscribes to (app/api/live/[kind]/[id]). */
export function livePath(kind: LiveKind, id: string): string {
  return `/api/live/${kind}/${encodeURIComponent(id)}`;
}

/** The PayID page's id: its mode and its handle, as the trigger announces it. */
export const payIdLiveId = (mode: Mode, payId: string) => `${mode}:${payId}`;

/** An invoice's live status: its status and amount paid (a part payment changes only the latter). */
export const invoiceLiveStatus = (status: string, amountPaid: number) => `${status}:${amountPaid}`;
