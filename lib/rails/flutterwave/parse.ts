/**
 * Reading Flutterwave's answers safely: every field arrives as `unknown` and is narrowed here.
 * Flutterwave's documentation shows several variants of the same field (ids and amounts as
 * JSON numbers or strings, fees with three decimals such as `26.875`, `status` in lower or
 * upper case, dates as ISO 8601 or "2021-02-15 16:27:22"); each reader accepts every variant.
 */
import { nairaToKoboExact } from "@/lib/rails/units";

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export const obj = (v: unknown): Json => (isObject(v) ? v : {});

/** A non-empty trimmed string, or null ("N/A" counts as absent; numbers are read as their text). */
export function str(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t.length > 0 && t.toUpperCase() !== "N/A" ? t : null;
}

/** A naira amount paid (number or string, at most two decimals) → kobo exactly; null when absent or not one. */
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
 * A naira amount Flutterwave may give with more than two decimals (fees: `26.875`, `1.4`) →
 * kobo, rounded half up (a fee is reported, never paid, from this number). Null when absent.
 */
export function koboRounded(v: unknown): number | null {
  let text: string;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return null;
    text = /e/i.test(String(v)) ? v.toFixed(6) : String(v);
  } else if (typeof v === "string") text = v.trim();
  else return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? "";
  const whole = Number(m[2]) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5;
  const result = whole + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(result)) return null;
  return m[1] ? -result : result;
}

/** Kobo the provider holds, from a naira balance: rounded down (a fraction of a kobo cannot be spent). */
export function koboFloor(v: unknown): number | null {
  const exact = kobo(v);
  if (exact !== null) return exact;
  const text = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "";
  const m = /^(\d+)\.(\d{2})\d+$/.exec(text);
  return m ? kobo(`${m[1]}.${m[2]}`) : null;
}

/**
 * Flutterwave's envelope `{status: "success" | "error", message, data}`. `ok` only on a 2xx
 * whose `status` is "success"; everything else keeps the message for the caller to read.
 */
export type Envelope = { ok: boolean; status: string; message: string; data: Json; dataValue: unknown; meta: Json };

export function envelope(httpStatus: number, value: unknown): Envelope {
  const e = obj(value);
  const status = (str(e.status) ?? "").toLowerCase();
  const message = str(e.message) ?? str(e.error) ?? "";
  return { ok: httpStatus >= 200 && httpStatus < 300 && status === "success", status, message, data: obj(e.data), dataValue: e.data, meta: obj(e.meta) };
}

/** True for 1, "1", true (Flutterwave's flags such as `requires_approval`). */
export const flag = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";

const LAGOS_OFFSET = "+01:00";

/** ISO 8601 (with or without zone) or "2021-02-15 16:27:22" (Lagos time when no zone is given); null when unreadable. */
export function flwDate(v: unknown): Date | null {
  const t = str(v);
  if (!t) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(t);
  if (m) {
    const zone = m[8] ? (m[8] === "Z" ? "Z" : m[8].length === 5 ? `${m[8].slice(0, 3)}:${m[8].slice(3)}` : m[8]) : LAGOS_OFFSET;
    const ms = m[7] ? m[7].slice(0, 4).padEnd(4, "0") : ".000";
    return valid(new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${ms}${zone}`));
  }
  return valid(new Date(t));
}

const valid = (d: Date) => (Number.isNaN(d.getTime()) ? null : d);
