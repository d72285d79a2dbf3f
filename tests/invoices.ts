import { expect } from "vitest";
import { POST as createPost } from "@/app/v1/checkout/invoice/route";
import { lagosDay } from "@/lib/lagos-day";
import type { InvoiceView } from "@/lib/invoices/invoice-view";
import { makeKey } from "./factories";
import { call } from "./http";

export type TestKey = Awaited<ReturnType<typeof makeKey>>;

/** A key pair with room for an invoice test file's calls (10,000 a minute unless config says otherwise). */
export const makeInvoiceKey = (opts: Parameters<typeof makeKey>[0] = {}) => makeKey({ ...opts, config: { rateLimit: 10_000, ...opts.config } });

/** The Lagos date `days` after today, `YYYY-MM-DD`. */
export const inDays = (days: number) => new Date(Date.parse(`${lagosDay()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** POST /v1/checkout/invoice with this body on this key; the invoice, once the answer is 200. */
export async function createInvoiceOk(k: TestKey, body: Record<string, unknown>): Promise<InvoiceView> {
  const r = await call<InvoiceView>(createPost, { method: "POST", path: "/v1/checkout/invoice", key: k.secretKey, json: body });
  expect(r.status, r.text).toBe(200);
  return r.body.data!;
}
