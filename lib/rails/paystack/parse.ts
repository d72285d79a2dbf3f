/**
 * Reading Paystack's answers safely: every field arrives as `unknown` and is narrowed here.
 * Paystack's documentation shows variants of the same field, and each reader accepts all of
 * them: amounts in kobo as JSON integers or as strings (`"amount": "30000"` in the
 * `bank.transfer.rejected` and `refund.*` samples, `"amount": "10000"` in the pay-with-transfer
 * request sample), ids as numbers or strings, `paid_at` / `paidAt`, `created_at` / `createdAt`.
 */
import { isObject, isoLikeDate, obj, str, validDate, type Json } from "@/lib/rails/provider-json";
import { koboExact } from "@/lib/rails/units";

export { isObject, obj, str, type Json };

/** A kobo amount (a JSON integer or its digits as text) → kobo; null when absent or not a whole number of kobo. */
export function koboOf(v: unknown): number | null {
  if (typeof v !== "number" && typeof v !== "string") return null;
  if (typeof v === "string" && v.trim() === "") return null;
  try {
    return koboExact(v);
  } catch {
    return null;
  }
}

/**
 * Paystack's envelope `{status: true | false, message, data, meta}` (OpenAPI `Response`,
 * `Error`). `ok` only on a 2xx whose `status` is true; everything else keeps the message for
 * the caller to read. `type` and `code` are the error tags newer answers carry.
 */
export type Envelope = {
  ok: boolean;
  message: string;
  data: Json;
  dataValue: unknown;
  meta: Json;
  type: string | null;
  code: string | null;
  isEnvelope: boolean;
};

export function envelope(httpStatus: number, value: unknown): Envelope {
  const e = obj(value);
  const status = e.status;
  const truthy = status === true || status === "true" || status === "success";
  return {
    ok: httpStatus >= 200 && httpStatus < 300 && truthy,
    message: str(e.message) ?? "",
    data: obj(e.data),
    dataValue: e.data,
    meta: obj(e.meta),
    type: str(e.type),
    code: str(e.code),
    isEnvelope: isObject(value) && (typeof status === "boolean" || typeof status === "string"),
  };
}

/** ISO 8601 (Paystack writes `2023-09-12T13:29:09.000Z`); null when absent or unreadable. */
export function paystackDate(v: unknown): Date | null {
  const t = str(v);
  if (!t) return null;
  const iso = isoLikeDate(t);
  if (iso !== undefined) return iso;
  return validDate(new Date(t));
}

/** The first present value among a record's alternative field names (`paid_at` / `paidAt`). */
export const either = (o: Json, ...names: string[]): unknown => {
  for (const n of names) if (o[n] !== undefined && o[n] !== null) return o[n];
  return undefined;
};
