/**
 * Reading Monnify's answers safely: every field arrives as `unknown` and is narrowed here.
 * Monnify's documentation shows several variants of the same field (amounts as JSON numbers
 * or strings, `status` or `transactionStatus`, `paymentSourceInformation` as an array or one
 * object, dates in three formats); each reader accepts every documented variant.
 */
import { isObject, isoLikeDate, kobo, LAGOS_OFFSET, obj, str, validDate, type Json } from "@/lib/rails/provider-json";

export { isObject, kobo, obj, str, type Json };

/**
 * Monnify's envelope `{requestSuccessful, responseMessage, responseCode, responseBody}`. Some
 * documented answers omit `requestSuccessful` (responseCode "0" or "00" then means success).
 */
export type Envelope = { ok: boolean; message: string; code: string; body: Json; bodyValue: unknown };

export function envelope(status: number, value: unknown): Envelope {
  const e = obj(value);
  const code = str(e.responseCode) ?? "";
  const message = str(e.responseMessage) ?? str(e.error_description) ?? str(e.message) ?? str(e.error) ?? "";
  const flag = e.requestSuccessful;
  const okFlag = flag === true || (flag === undefined && (code === "0" || code === "00"));
  return { ok: status >= 200 && status < 300 && okFlag, message, code, body: obj(e.responseBody), bodyValue: e.responseBody };
}

/** The first documented source-account record of a collection (array or single object). */
export function firstRecord(v: unknown): Json | null {
  if (Array.isArray(v)) return v.find(isObject) ?? null;
  return isObject(v) && Object.keys(v).length > 0 ? v : null;
}

/**
 * Monnify's timestamps: ISO 8601 (with or without zone), "2021-11-17 11:28:42.615" and
 * "17/03/2021 3:23:32 AM" (Lagos time when no zone is given). Null when unreadable.
 */
export function monnifyDate(v: unknown): Date | null {
  const t = str(v);
  if (!t) return null;
  const iso = isoLikeDate(t);
  if (iso !== undefined) return iso;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?$/i.exec(t);
  if (m) {
    let hour = Number(m[4]);
    const meridiem = m[7]?.toUpperCase();
    if (meridiem === "PM" && hour < 12) hour += 12;
    if (meridiem === "AM" && hour === 12) hour = 0;
    const pad = (n: string | number) => String(n).padStart(2, "0");
    return validDate(new Date(`${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}T${pad(hour)}:${m[5]}:${pad(m[6] ?? 0)}.000${LAGOS_OFFSET}`));
  }
  return validDate(new Date(t));
}
