/**
 * Paystack's webhooks (Paystack docs, "Webhooks"; doc-code-snippets `payments/webhooks`).
 *
 * - Signature: `x-paystack-signature` is the HMAC-SHA512 of the raw request body keyed with
 *   the integration's secret key, in hex. It is checked over the bytes received (never a
 *   re-encoding), constant-time.
 * - Body: `{event, data}`. `charge.success` (money in: `data.reference` is what `GET
 *   /transaction/verify/:reference` takes); `transfer.success`, `transfer.failed`,
 *   `transfer.reversed` (a payout moved: `data.reference` is our reference in Paystack's form).
 *   Everything else (`refund.*`, `dedicatedaccount.assign.*`, `customeridentification.*`,
 *   `bank.transfer.rejected`…) is verified but ignored: refunds are followed by their status
 *   query, not their events.
 * - Paystack sends no delivery id: the dedupe key is `<event>:<data.id>` (the transaction's
 *   or transfer's id, else its reference), the same for a repeated delivery and different
 *   for another event of the same transfer (success, then reversed).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { RailNotice } from "@/lib/rails/rail";
import { isObject, obj, str } from "./parse";

export const SIGNATURE_HEADER = "x-paystack-signature";

export const TRANSFER_EVENTS = ["transfer.success", "transfer.failed", "transfer.reversed"] as const;

/** The hex HMAC-SHA512 of the raw body keyed with the secret key. */
export function signPaystackBody(rawBody: string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody, "utf8").digest("hex");
}

export function verifyPaystackSignature(rawBody: string, headers: Headers, secretKey: string): boolean {
  const given = headers.get(SIGNATURE_HEADER)?.trim().toLowerCase();
  if (!secretKey || !given || !/^[0-9a-f]{128}$/.test(given)) return false;
  const expected = createHmac("sha512", secretKey).update(rawBody, "utf8").digest();
  return timingSafeEqual(Buffer.from(given, "hex"), expected);
}

/** A verified delivery → what Owo does with it. Throws on a body that is not `{event, data}`. */
export function parsePaystackNotice(rawBody: string): RailNotice {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new Error("A Paystack webhook body is JSON");
  }
  const event = isObject(body) ? str(body.event) : null;
  if (!isObject(body) || !event || !isObject(body.data)) throw new Error("A Paystack webhook body is {event, data}");
  const data = obj(body.data);
  const id = str(data.id) ?? str(data.reference) ?? str(data.transfer_code) ?? createHash("sha256").update(rawBody, "utf8").digest("hex");
  const dedupeKey = `${event}:${id}`;
  if (event === "charge.success") {
    const reference = str(data.reference);
    if (!reference) throw new Error("A Paystack charge.success carries data.reference");
    return { kind: "inbound", dedupeKey, lookup: reference };
  }
  if ((TRANSFER_EVENTS as readonly string[]).includes(event)) {
    const reference = str(data.reference);
    if (!reference) throw new Error(`A Paystack ${event} carries data.reference`);
    return { kind: "transfer", dedupeKey, reference };
  }
  return { kind: "ignored", dedupeKey, reason: `Paystack event ${event} is not one Owo acts on` };
}
