/**
 * Reading Monnify's answers safely: every field arrives as `unknown` and is narrowed here.
 * Monnify's documentation shows several variants of the same field (amounts as JSON numbers
 * or strings, `status` or `transactionStatus`, `paymentSourceInformation` as an array or one
 * object, dates in three formats); each reader accepts every documented variant.
 */
import { nairaToKoboExact } from "@/lib/rails/units";

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A non-empty trimmed string, or null (numbers are read as their text: account numbers sometimes arrive as numbers). */
export function str(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t.length > 0 ? t : null;
}

export const obj = (v: unknown): Json => (isObject(v) ? v : {});

/** A naira amount (number or string) → kobo; null when absent or not an amount. */
export function kobo(v: unknown): number | null {
  if (typeof v !== "number" && typeof v !== "string") return null;
  if (typeof v === "string" && v.trim() === "") return null;
  try {
    return nairaToKoboExact(v);
  } catch {
    return null;
  }
}

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

const LAGOS_OFFSET = "+01:00";

/**
 * Monnify's timestamps: ISO 8601 (with or without zone), "2021-11-17 11:28:42.615" and
 * "17/03/2021 3:23:32 AM" (Lagos time when no zone is given). Null when unreadable.
 */
export function monnifyDate(v: unknown): Date | null {
  const t = str(v);
  if (!t) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(t);
  if (m) {
    const zone = m[8] ? (m[8] === "Z" ? "Z" : m[8].length === 5 ? `${m[8].slice(0, 3)}:${m[8].slice(3)}` : m[8]) : LAGOS_OFFSET;
    const ms = m[7] ? m[7].slice(0, 4).padEnd(4, "0") : ".000";
    return valid(new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${ms}${zone}`));
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?$/i.exec(t);
  if (m) {
    let hour = Number(m[4]);
    const meridiem = m[7]?.toUpperCase();
    if (meridiem === "PM" && hour < 12) hour += 12;
    if (meridiem === "AM" && hour === 12) hour = 0;
    const pad = (n: string | number) => String(n).padStart(2, "0");
    return valid(new Date(`${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}T${pad(hour)}:${m[5]}:${pad(m[6] ?? 0)}.000${LAGOS_OFFSET}`));
  }
  return valid(new Date(t));
}

const valid = (d: Date) => (Number.isNaN(d.getTime()) ? null : d);
