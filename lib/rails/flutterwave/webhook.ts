/**
 * Flutterwave's webhooks (developer.flutterwave.com, "Webhooks").
 *
 * - Signature. The merchant sets a *secret hash* on the dashboard. Flutterwave documents two
 *   headers: `verif-hash`, whose value is the secret hash itself, and `flutterwave-signature`,
 *   an HMAC-SHA256 of the raw request body keyed with the secret hash, base64 (hex accepted
 *   too; an earlier sample of the docs compares it to the secret hash itself, also accepted).
 *   When `flutterwave-signature` is present it decides: it binds the bytes received, so a body
 *   re-encoded under it is refused. `verif-hash` alone (older deliveries) is accepted when it
 *   equals the secret hash. Every comparison is constant-time.
 * - Body: `{event, data, "event.type"}`. `charge.completed` (money in: `data.id` is what
 *   `GET /transactions/:id/verify` takes; the bank-transfer payer is in `meta_data`) and
 *   `transfer.completed` (a payout moved: `data.reference` is our reference, `data.status`
 *   SUCCESSFUL / FAILED). Older deliveries carry no `event`: `"event.type": "Transfer"` with a
 *   `transfer` object, or a `…_TRANSACTION` type with the transaction at the top level
 *   (`id`, `txRef`); both are read. Everything else is verified but ignored.
 * - Flutterwave sends no event id: the dedupe key is `<event>:<id>:<status>`, the same for a
 *   repeated delivery and different for another event of the same transaction (a transfer's
 *   SUCCESSFUL, then its REVERSED).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { RailNotice } from "@/lib/rails/rail";
import { isObject, obj, str, type Json } from "./parse";

export const SIGNATURE_HEADER = "flutterwave-signature";
export const HASH_HEADER = "verif-hash";

/** The base64 HMAC-SHA256 of the raw body keyed with the secret hash (`flutterwave-signature`). */
export function signFlutterwaveBody(rawBody: string, secretHash: string): string {
  return createHmac("sha256", secretHash).update(rawBody, "utf8").digest("base64");
}

/** Constant-time equality of two strings of any length (compared as SHA-256 digests). */
function same(a: string, b: string): boolean {
  const da = createHash("sha256").update(a, "utf8").digest();
  const db = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

export function verifyFlutterwaveSignature(rawBody: string, headers: Headers, secretHash: string): boolean {
  if (!secretHash) return false;
  const signature = headers.get(SIGNATURE_HEADER)?.trim();
  if (signature) {
    const mac = createHmac("sha256", secretHash).update(rawBody, "utf8").digest();
    return same(signature, mac.toString("base64")) || same(signature.toLowerCase(), mac.toString("hex")) || same(signature, secretHash);
  }
  const hash = headers.get(HASH_HEADER)?.trim();
  return hash ? same(hash, secretHash) : false;
}

const isTransactionType = (t: string | null) => !!t && /TRANSACTION$/i.test(t);

/** A verified delivery's notice; throws when the body is not one of Flutterwave's webhook shapes. */
export function parseFlutterwaveNotice(rawBody: string): RailNotice {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new Error("Flutterwave webhook body is not JSON");
  }
  if (!isObject(parsed)) throw new Error("Flutterwave webhook body is not an object");
  const event = (str(parsed.event) ?? str(parsed.type))?.toLowerCase() ?? null;
  const eventType = str(parsed["event.type"]);
  const data = obj(parsed.data);
  const key = (name: string, id: string, status: string | null) => `${name}:${id}:${(status ?? "").toLowerCase()}`;

  const legacyTransfer = isObject(parsed.transfer) ? parsed.transfer : null;
  if (event === "transfer.completed" || (!event && (legacyTransfer || eventType?.toLowerCase() === "transfer"))) {
    const t: Json = legacyTransfer ?? data;
    const reference = str(t.reference);
    if (!reference) throw new Error("Flutterwave transfer webhook without a reference");
    return { kind: "transfer", dedupeKey: key("transfer.completed", str(t.id) ?? reference, str(t.status)), reference };
  }
  if (event === "charge.completed" || (!event && isTransactionType(eventType) && (str(parsed.id) || str(parsed.txRef)))) {
    const c: Json = event ? data : parsed;
    const lookup = str(c.id) ?? str(c.tx_ref) ?? str(c.txRef);
    if (!lookup) throw new Error("Flutterwave charge.completed without data.id");
    return { kind: "inbound", dedupeKey: key("charge.completed", lookup, str(c.status)), lookup };
  }
  if (!event && !eventType) throw new Error("Flutterwave webhook body has no event");
  const id = str(data.id) ?? str(data.reference) ?? str(parsed.id) ?? createHash("sha256").update(rawBody, "utf8").digest("hex").slice(0, 32);
  const name = event ?? eventType!;
  return { kind: "ignored", dedupeKey: key(name, id, str(data.status)), reason: `Flutterwave ${name} is not acted on` };
}
