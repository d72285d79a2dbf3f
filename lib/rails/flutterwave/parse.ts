/**
 * Reading Flutterwave's answers safely: every field arrives as `unknown` and is narrowed here.
 * Flutterwave's documentation shows several variants of the same field (ids and amounts as
 * JSON numbers or strings, fees with three decimals such as `26.875`, `status` in lower or
 * upper case, dates as ISO 8601 or "2021-02-15 16:27:22"); each reader accepts every variant.
 */
import { isObject, isoLikeDate, obj, str as plainStr, validDate, kobo, type Json } from "@/lib/rails/provider-json";

export { isObject, kobo, obj, type Json };

/** A non-empty trimmed string, or null ("N/A", which Flutterwave writes for an absent value, counts as absent). */
export function str(v: unknown): string | null {
  const t = plainStr(v);
  return t !== null && t.toUpperCase() !== "N/A" ? t : null;
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

/** ISO 8601 (with or without zone) or "2021-02-15 16:27:22" (Lagos time when no zone is given); null when unreadable. */
export function flwDate(v: unknown): Date | null {
  const t = str(v);
  if (!t) return null;
  const iso = isoLikeDate(t);
  if (iso !== undefined) return iso;
  return validDate(new Date(t));
}
