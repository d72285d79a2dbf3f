import { and, eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db, DbOrTx } from "@/db/client";
import { insertSessionWithCreated } from "@/db/statements/checkout-sessions";
import { lockKeyForTransaction } from "@/db/statements/locks";
import type { CountAlongside } from "@/db/statements/prefetch";
import { checkoutSessions, type CheckoutSession, type PaymentMethod } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { expireSessionIfDue } from "@/lib/sessions/expire-session";
import type { SessionOwner } from "./find-session";
import type { InitializeSessionBody } from "./session-input";
import { resolveOffer } from "./session-offer";
import { logSessionEvent, retireIssued } from "./session-timeline";
import { toInitializeView, type SessionInitializeView } from "./session-views";

/** api.md Limits: a checkout session lives 30 minutes. */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;

/** Supplement §3: `CHK_` and an opaque id (time-ordered, then random). */
export const newSessionReference = () => `CHK_${Date.now().toString(36).toUpperCase()}${randomBase62(12)}`;

export type InitializeSessionInput = {
  /** Whose session: a key pair's, or none for a payment link made in the dashboard (lib/payment-links). */
  owner: Omit<SessionOwner, "keyPairId"> & { keyPairId: string | null };
  /** The merchant's business name (merchant_name). */
  merchantName: string;
  /** The key pair's configuration: what it offers and where its payments settle. */
  key: { paymentMethods: readonly PaymentMethod[]; cryptoAssets: readonly string[]; settlementPayIdId: string | null };
  /** Where checkout_url points (lib/http/public-url.ts). */
  baseUrl: string;
  body: InitializeSessionBody;
  /** The API request's rate-limit count, sent with the first insert (route option `countInHandler`). */
  rateLimit?: CountAlongside | null;
  /** The payment link the customer started from: set by Owo (lib/payment-links), never from a request body. */
  paymentLinkId?: string | null;
};

/**
 * The session and its `created` timeline entry, one prepared statement
 * (db/statements/checkout-sessions.ts); with `limit`, the request's rate-limit count travels
 * with it. False: nothing inserted (the reference held by an active session, or the id or CHK_
 * reference taken).
 */
async function insertSession(tx: DbOrTx, s: CheckoutSession, limit?: CountAlongside | null): Promise<boolean> {
  const created = { amount: s.amount, reference: s.reference, merchant_reference: s.merchantReference, enabled_payment_methods: s.enabledPaymentMethods };
  return insertSessionWithCreated(tx, s, { eventId: uuidv7(), data: created }, limit);
}

/**
 * Supplement §3 "session failed": the caller's reference now names a session for another
 * amount, so the old one is `failed` and what it issued stops taking money.
 */
async function failReplacedSession(tx: DbOrTx, old: CheckoutSession, replacement: CheckoutSession): Promise<void> {
  await retireIssued(tx, old);
  await tx.update(checkoutSessions).set({ status: "failed" }).where(eq(checkoutSessions.id, old.id));
  await logSessionEvent(tx, old.id, "failed", { reason: "replaced", replaced_by: replacement.id, amount: replacement.amount });
}

/**
 * The caller's reference is held by an active session: the same amount answers that session;
 * a new amount fails it and takes the reference. The holder is locked, so concurrent
 * initializes with one reference leave one active session. Null: a request that found the
 * reference free committed a session first; try again.
 */
async function takeOverReference(db: Db, fresh: CheckoutSession): Promise<CheckoutSession | null> {
  return db.transaction(async (tx) => {
    // Requests contending for one reference queue here rather than overtaking each other
    // between reading the holder and inserting (a burst of differing amounts would starve).
    const lockKey = `checkout_reference:${fresh.merchantId}:${fresh.mode}:${fresh.merchantReference}`;
    await lockKeyForTransaction(tx, lockKey);
    const [holder] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.merchantId, fresh.merchantId),
          eq(checkoutSessions.mode, fresh.mode),
          eq(checkoutSessions.merchantReference, fresh.merchantReference!),
          eq(checkoutSessions.status, "active"),
        ),
      )
      .for("update");
    if (holder) {
      const current = await expireSessionIfDue(tx, holder);
      if (current.status === "active") {
        if (current.amount === fresh.amount) return current;
        await failReplacedSession(tx, current, fresh);
      }
    }
    return (await insertSession(tx, fresh)) ? fresh : null;
  });
}

const MAX_ATTEMPTS = 10;

/**
 * POST /v1/checkout/session/initialize. A new session costs one statement; a `reference`
 * already held by an active session is answered (same amount) or replaced (new amount).
 */
export async function initializeSession(db: Db, input: InitializeSessionInput): Promise<SessionInitializeView> {
  const { body, owner } = input;
  const offer = resolveOffer({
    keyMethods: input.key.paymentMethods,
    keyCryptoAssets: input.key.cryptoAssets,
    paymentMethods: body.payment_methods,
    cryptoAssets: body.crypto_assets,
  });
  const settlementPayIdId = input.key.settlementPayIdId ?? (await getWalletPayId(db, owner))?.id;
  if (!settlementPayIdId) throw new Error(`merchant ${owner.merchantId} has no ${owner.mode} wallet PayID to settle to`);

  const fresh = (): CheckoutSession => {
    const now = new Date();
    return {
      id: uuidv7(),
      reference: newSessionReference(),
      merchantReference: body.reference ?? null,
      merchantId: owner.merchantId,
      mode: owner.mode,
      keyPairId: owner.keyPairId,
      settlementPayIdId,
      amount: body.amount,
      currency: body.currency,
      customerEmail: body.email,
      customerName: body.customer_name ?? null,
      callbackUrl: body.callback_url ?? null,
      metadata: body.metadata ?? null,
      lineItems: body.line_items?.map((i) => ({ name: i.name, description: i.description ?? null, quantity: i.quantity, amount: i.amount })) ?? null,
      enabledPaymentMethods: offer.methods,
      cryptoAssets: offer.cryptoAssets,
      status: "active",
      paymentMethod: null,
      attempts: 0,
      virtualAccountId: null,
      dynamicPayIdId: null,
      paymentReference: null,
      paidAt: null,
      paymentLinkId: input.paymentLinkId ?? null,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      createdAt: now,
      updatedAt: now,
    };
  };

  const view = (s: CheckoutSession) => toInitializeView(s, { baseUrl: input.baseUrl, merchantName: input.merchantName });
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const session = fresh();
    if (await insertSession(db, session, input.rateLimit)) return view(session);
    if (session.merchantReference === null) continue; // an id or CHK_ collision: draw again
    const answer = await takeOverReference(db, session);
    if (answer) return view(answer);
  }
  throw new Error("checkout session initialize: the reference kept changing hands");
}
