import { asc, eq, sql } from "drizzle-orm";
import { POST as initializePost } from "@/app/v1/checkout/session/initialize/route";
import { GET as getOne } from "@/app/v1/checkout/session/[sessionId]/route";
import { POST as paymentMethodPost } from "@/app/v1/checkout/session/[sessionId]/payment-method/route";
import { POST as switchBankPost } from "@/app/v1/checkout/session/[sessionId]/switch-bank/route";
import { GET as verifyGet } from "@/app/v1/checkout/session/[sessionId]/verify/route";
import { getDb } from "@/db/client";
import { checkoutSessions, dynamicPayIds, sessionEvents, virtualAccounts, type CheckoutSession } from "@/db/schema";
import type { KeyConfigInput } from "@/lib/keys/key-config";
import type { BankTransferDetails, PayIdDetails, SessionGetView, SessionInitializeView, SessionVerifyView } from "@/lib/sessions/session-views";
import { makeKey } from "./factories";
import { call } from "./http";

export type TestKey = Awaited<ReturnType<typeof makeKey>>;

/** A test key pair with rate limits no test reaches (new merchant unless given). */
export function sessionKey(opts: { merchantId?: string; mode?: "test" | "live"; config?: KeyConfigInput } = {}): Promise<TestKey> {
  return makeKey({ merchantId: opts.merchantId, mode: opts.mode, config: { rateLimit: 100_000, initializeLimit: 100_000, ...opts.config } });
}

export const uniqueRef = (prefix = "order") => `${prefix}-${Math.random().toString(36).slice(2, 12)}`;

export const INITIALIZE_FIELDS = [
  "amount",
  "checkout_url",
  "crypto_assets",
  "currency",
  "enabled_payment_methods",
  "expires_at",
  "merchant_name",
  "merchant_reference",
  "reference",
  "session_id",
].sort();

export const VERIFY_FIELDS = [
  "amount",
  "currency",
  "customer_email",
  "merchant_reference",
  "paid_at",
  "payment_method",
  "reference",
  "session_id",
  "status",
].sort();

export const GET_FIELDS = [
  "amount",
  "callback_url",
  "currency",
  "customer_email",
  "customer_name",
  "enabled_payment_methods",
  "expires_at",
  "merchant_name",
  "session_id",
  "status",
].sort();

/** Either kind of payment method details, loosely typed for assertions. */
type AnyDetails = Omit<BankTransferDetails, "payment_method"> & Omit<PayIdDetails, "payment_method"> & { payment_method: string };

type Auth = { key?: string; headers?: Record<string, string> };

export function initialize(key: string | Auth, json: unknown) {
  const auth = typeof key === "string" ? { key } : key;
  return call<SessionInitializeView>(initializePost, { method: "POST", path: "/v1/checkout/session/initialize", ...auth, json });
}

/** Initializes with a valid body (₦500 unless overridden) and expects 200. */
export async function newSession(key: string, overrides: Record<string, unknown> = {}): Promise<SessionInitializeView> {
  const r = await initialize(key, { amount: 50_000, email: "ada@example.com", ...overrides });
  if (r.status !== 200) throw new Error(`initialize answered ${r.status}: ${r.text}`);
  return r.body.data!;
}

export function verify(key: string | Auth, sessionId: string) {
  const auth = typeof key === "string" ? { key } : key;
  return call<SessionVerifyView>(verifyGet, { path: `/v1/checkout/session/${sessionId}/verify`, ...auth, params: { sessionId } });
}

export function getSession(key: string | Auth, sessionId: string) {
  const auth = typeof key === "string" ? { key } : key;
  return call<SessionGetView>(getOne, { path: `/v1/checkout/session/${sessionId}`, ...auth, params: { sessionId } });
}

export function selectMethod(key: string | Auth, sessionId: string, json: unknown) {
  const auth = typeof key === "string" ? { key } : key;
  return call<AnyDetails>(paymentMethodPost, {
    method: "POST",
    path: `/v1/checkout/session/${sessionId}/payment-method`,
    ...auth,
    json,
    params: { sessionId },
  });
}

export function switchBank(key: string | Auth, sessionId: string, json: unknown) {
  const auth = typeof key === "string" ? { key } : key;
  return call<BankTransferDetails>(switchBankPost, {
    method: "POST",
    path: `/v1/checkout/session/${sessionId}/switch-bank`,
    ...auth,
    json,
    params: { sessionId },
  });
}

export async function sessionRow(id: string): Promise<CheckoutSession> {
  const [row] = await (await getDb()).select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row!;
}

export async function timeline(id: string): Promise<{ type: string; data: Record<string, unknown> | null }[]> {
  return (await getDb())
    .select({ type: sessionEvents.type, data: sessionEvents.data })
    .from(sessionEvents)
    .where(eq(sessionEvents.sessionId, id))
    .orderBy(asc(sessionEvents.createdAt), asc(sessionEvents.id));
}

export async function accountsOf(sessionId: string) {
  return (await getDb()).select().from(virtualAccounts).where(eq(virtualAccounts.sessionId, sessionId)).orderBy(asc(virtualAccounts.createdAt));
}

export async function payIdsOf(sessionId: string) {
  return (await getDb()).select().from(dynamicPayIds).where(eq(dynamicPayIds.sessionId, sessionId)).orderBy(asc(dynamicPayIds.createdAt));
}

/** Moves a session's clock: its expiry is now in the past (as POST /v1/sandbox/expire does). */
export async function makeExpired(id: string): Promise<void> {
  await (await getDb()).execute(sql`update checkout_sessions set expires_at = now() - interval '1 second' where id = ${id}::uuid`);
}
