/**
 * Monnify's webhooks (developers.monnify.com, "Webhooks" and "Webhook Events and Structure").
 *
 * - Signature: header `monnify-signature` = HMAC-SHA512 of the raw request body, keyed with the
 *   client SECRET key, hex. Checked over the bytes received (never a re-encoding), in constant
 *   time; hex case is not significant.
 * - Body: `{eventType, eventData}`. `SUCCESSFUL_TRANSACTION` (money in: `eventData.
 *   transactionReference` is what `GET /api/v2/transactions/{ref}` takes);
 *   `SUCCESSFUL_DISBURSEMENT`, `FAILED_DISBURSEMENT`, `REVERSED_DISBURSEMENT` (a payout moved:
 *   `eventData.reference` is our reference); `SUCCESSFUL_REFUND`, `FAILED_REFUND` (a refund
 *   moved: `eventData.refundReference`). Everything else (SETTLEMENT, REJECTED_PAYMENT, mandate,
 *   wallet and balance alerts…) is verified but ignored.
 * - Monnify sends no event id: the dedupe key is `<eventType>:<the reference>`, the same for a
 *   repeated delivery and different for another event of the same transaction.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { RailNotice } from "@/lib/rails/rail";
import { isObject, str } from "./parse";

export const SIGNATURE_HEADER = "monnify-signature";

/** The hex signature Monnify puts in `monnify-signature` for this raw body. */
export function signMonnifyBody(rawBody: string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody, "utf8").digest("hex");
}

export function verifyMonnifySignature(rawBody: string, headers: Headers, secretKey: string): boolean {
  const given = headers.get(SIGNATURE_HEADER)?.trim().toLowerCase() ?? "";
  if (!/^[0-9a-f]{128}$/.test(given)) return false;
  const expected = Buffer.from(signMonnifyBody(rawBody, secretKey), "hex");
  return timingSafeEqual(Buffer.from(given, "hex"), expected);
}

const TRANSFER_EVENTS = new Set(["SUCCESSFUL_DISBURSEMENT", "FAILED_DISBURSEMENT", "REVERSED_DISBURSEMENT"]);
const REFUND_EVENTS = new Set(["SUCCESSFUL_REFUND", "FAILED_REFUND"]);

/** A verified delivery's notice; throws when the body is not Monnify's `{eventType, eventData}`. */
export function parseMonnifyNotice(rawBody: string): RailNotice {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new Error("Monnify webhook body is not JSON");
  }
  if (!isObject(parsed)) throw new Error("Monnify webhook body is not an object");
  const eventType = str(parsed.eventType)?.toUpperCase();
  const data = parsed.eventData;
  if (!eventType || !isObject(data)) throw new Error("Monnify webhook body lacks eventType/eventData");

  if (eventType === "SUCCESSFUL_TRANSACTION") {
    const lookup = str(data.transactionReference);
    if (!lookup) throw new Error("Monnify SUCCESSFUL_TRANSACTION without eventData.transactionReference");
    return { kind: "inbound", dedupeKey: `${eventType}:${lookup}`, lookup };
  }
  if (TRANSFER_EVENTS.has(eventType)) {
    const reference = str(data.reference);
    if (!reference) throw new Error(`Monnify ${eventType} without eventData.reference`);
    return { kind: "transfer", dedupeKey: `${eventType}:${reference}`, reference };
  }
  if (REFUND_EVENTS.has(eventType)) {
    const reference = str(data.refundReference);
    if (!reference) throw new Error(`Monnify ${eventType} without eventData.refundReference`);
    return { kind: "transfer", dedupeKey: `${eventType}:${reference}`, reference };
  }
  const id =
    str(data.transactionReference) ??
    str(data.settlementReference) ??
    str(data.reference) ??
    createHash("sha256").update(rawBody, "utf8").digest("hex").slice(0, 32);
  return { kind: "ignored", dedupeKey: `${eventType}:${id}`, reason: `Monnify ${eventType} is not acted on` };
}
