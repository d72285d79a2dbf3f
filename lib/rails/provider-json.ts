/**
 * Reading a provider's answers safely: every field arrives as `unknown` and is narrowed here,
 * accepting the variants providers document for one field (amounts as JSON numbers or
 * strings, account numbers as numbers, dates with or without a zone). Each rail's parse.ts
 * adds only what is its provider's own (its envelope, its extra variants).
 */
import { nairaToKoboExact } from "./units";

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export const obj = (v: unknown): Json => (isObject(v) ? v : {});

/** A non-empty trimmed string, or null (numbers are read as their text: account numbers sometimes arrive as numbers). */
export function str(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t.length > 0 ? t : null;
}

/** A naira amount (number or string, at most two decimals) → kobo exactly; null when absent or not an amount. */
export function kobo(v: unknown): number | null {
  if (typeof v !== "number" && typeof v !== "string") return null;
  if (typeof v === "string" && v.trim() === "") return null;
  try {
    return nairaToKoboExact(v);
  } catch {
    return null;
  }
}

/** Nigeria's offset: a provider's time with no zone is Lagos time. */
export const LAGOS_OFFSET = "+01:00";

export const validDate = (d: Date) => (Number.isNaN(d.getTime()) ? null : d);

/**
 * ISO 8601 with or without a zone, or "2021-02-15 16:27:22[.615]" (Lagos time when no zone is
 * given) → a Date; undefined when the text is not of that shape (the caller may try its own
 * provider's formats), null when it is but names no real time.
 */
export function isoLikeDate(t: string): Date | null | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(t);
  if (!m) return undefined;
  const zone = m[8] ? (m[8] === "Z" ? "Z" : m[8].length === 5 ? `${m[8].slice(0, 3)}:${m[8].slice(3)}` : m[8]) : LAGOS_OFFSET;
  const ms = m[7] ? m[7].slice(0, 4).padEnd(4, "0") : ".000";
  return validDate(new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${ms}${zone}`));
}
