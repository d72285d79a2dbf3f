import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as refundPost } from "@/app/v1/checkout/static-account/[id]/payments/[paymentId]/refund/route";
import { GET as refundGet } from "@/app/v1/checkout/static-account/refunds/[refundId]/route";
import { GET as refundsList } from "@/app/v1/checkout/static-account/refunds/route";
import { getDb } from "@/db/client";
import { merchants } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { makeKey } from "@/tests/factories";
import { call } from "@/tests/http";
import { paymentRow, pendingPayment, refundMerchant, type RefundMerchant } from "@/tests/refunds";
import { rejectRefund } from "./reject-refund";
import type { RefundView } from "@/lib/static-accounts/refund-view";

const BASE = "/v1/checkout/static-account";
const FIELDS = ["amount", "completed_at", "currency", "failure_reason", "id", "payment_id", "reason", "rejection_reason", "requested_at", "status"];
type Page = { items: RefundView[]; total: number; page: number; page_size: number; total_pages: number };

let m: RefundMerchant;

const post = (accountId: string, paymentId: string, json: unknown = {}, key = m.secretKey) =>
  call<RefundView>(refundPost, { method: "POST", path: `${BASE}/${accountId}/payments/${paymentId}/refund`, key, json, params: { id: accountId, paymentId } });
const getOne = (refundId: string, key = m.secretKey) => call<RefundView>(refundGet, { path: `${BASE}/refunds/${refundId}`, key, params: { refundId } });
const list = (query = "", key = m.secretKey) => call<Page>(refundsList, { path: `${BASE}/refunds?${query}`, key });

async function setProduct(merchantId: string, state: "enabled" | "disabled" | "suspended") {
  await (await getDb()).update(merchants).set({ staticAccounts: state }).where(eq(merchants.id, merchantId));
}

beforeAll(async () => {
  m = await refundMerchant();
});

describe("POST /v1/checkout/static-account/{id}/payments/{payment_id}/refund", () => {
  it("answers api.md's Refund object: requested, amount as a naira string, the payment's id", async () => {
    const p = await pendingPayment(m, { amount: 1_250_050 });
    const res = await post(m.accountId, p.id, { reason: "Wrong amount sent" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data!;
    expect(Object.keys(r).sort()).toEqual(FIELDS);
    expect(r).toMatchObject({
      amount: "12500.50",
      currency: "NGN",
      status: "requested",
      reason: "Wrong amount sent",
      rejection_reason: null,
      failure_reason: null,
      payment_id: p.id,
      completed_at: null,
    });
    expect(r.id).toMatch(/^rfd_/);
    expect(new Date(r.requested_at).toISOString()).toBe(r.requested_at);
    expect((await paymentRow(p.id)).settlementStatus).toBe("under_review");

    const again = await post(m.accountId, p.id, {});
    expect(again.status).toBe(200);
    expect(again.body.data!.id).toBe(r.id);
  });

  it("reason is optional; over 500 characters is a 400 validation error naming it", async () => {
    const p = await pendingPayment(m);
    const long = await post(m.accountId, p.id, { reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: "HTTP_ERROR", message: "Validation error" });
    expect(long.body.error!.details).toEqual(["reason must be at most 500 characters"]);
    const wrongType = await post(m.accountId, p.id, { reason: 12 });
    expect(wrongType.status).toBe(400);
    const ok = await post(m.accountId, p.id, { reason: "x".repeat(500) });
    expect(ok.status).toBe(200);
    const p2 = await pendingPayment(m);
    const none = await post(m.accountId, p2.id);
    expect(none.status).toBe(200);
    expect(none.body.data!.reason).toBeNull();
  });

  it("batched or paid out: 400 REFUND_NOT_ALLOWED; refunded: 400 ALREADY_REFUNDED", async () => {
    for (const settlementStatus of ["batched", "paid_out", "wallet_credit"] as const) {
      const p = await pendingPayment(m, { settlementStatus });
      const res = await post(m.accountId, p.id);
      expect(res.status).toBe(400);
      expect(res.body.error!.code).toBe("REFUND_NOT_ALLOWED");
    }
    const refunded = await pendingPayment(m, { settlementStatus: "refunded" });
    const res = await post(m.accountId, refunded.id);
    expect(res.status).toBe(400);
    expect(res.body.error!.code).toBe("ALREADY_REFUNDED");
  });

  it("another merchant's payment or account, a live key, a malformed id: 404 NOT_FOUND", async () => {
    const p = await pendingPayment(m);
    const other = await refundMerchant();
    for (const res of [
      await post(m.accountId, p.id, {}, other.secretKey),
      await post(other.accountId, p.id),
      await post(m.accountId, "nope"),
      await post(m.accountId, p.id, {}, (await makeKey({ merchantId: m.merchantId, mode: "live" })).secretKey),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error!.code).toBe("NOT_FOUND");
    }
    expect((await paymentRow(p.id)).settlementStatus).toBe("pending_settlement");
  });

  it("a public key: 403 SECRET_KEY_REQUIRED", async () => {
    const key = await makeKey({ merchantId: m.merchantId });
    const p = await pendingPayment(m);
    const res = await post(m.accountId, p.id, {}, key.publicKey);
    expect(res.status).toBe(403);
    expect(res.body.error!.code).toBe("SECRET_KEY_REQUIRED");
  });
});

describe("product state (api.md: every static-account endpoint except status)", () => {
  it("disabled: 403 STATIC_ACCOUNT_NOT_ENABLED; suspended: 403 STATIC_ACCOUNT_SUSPENDED, on every refund endpoint", async () => {
    const n = await refundMerchant();
    const p = await pendingPayment(n);
    for (const [state, code] of [
      ["disabled", "STATIC_ACCOUNT_NOT_ENABLED"],
      ["suspended", "STATIC_ACCOUNT_SUSPENDED"],
    ] as const) {
      await setProduct(n.merchantId, state);
      for (const res of [await post(n.accountId, p.id, {}, n.secretKey), await list("", n.secretKey), await getOne("rfd_x", n.secretKey)]) {
        expect(res.status).toBe(403);
        expect(res.body.error!.code).toBe(code);
      }
    }
    expect((await paymentRow(p.id)).settlementStatus).toBe("pending_settlement");
    await setProduct(n.merchantId, "enabled");
    expect((await post(n.accountId, p.id, {}, n.secretKey)).status).toBe(200);
  });
});

describe("GET /v1/checkout/static-account/refunds and /refunds/{refund_id}", () => {
  it("lists the merchant's refunds newest first, filters by status, pages; gets one; another merchant's is NOT_FOUND", async () => {
    const n = await refundMerchant();
    const made: RefundView[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await pendingPayment(n, { amount: 100_000 * (i + 1) });
      made.push((await post(n.accountId, p.id, { reason: `r${i}` }, n.secretKey)).body.data!);
    }
    await rejectRefund(await getDb(), { refundId: made[0]!.id, reason: "Not a duplicate", actor: CLI_ACTOR });

    const all = await list("", n.secretKey);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, page_size: 20, total_pages: 1 });
    expect(all.body.data!.items.map((r) => r.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(Object.keys(all.body.data!.items[0]!).sort()).toEqual(FIELDS);

    const rejected = await list("status=rejected", n.secretKey);
    expect(rejected.body.data!.items.map((r) => [r.id, r.status, r.rejection_reason])).toEqual([[made[0]!.id, "rejected", "Not a duplicate"]]);
    const requested = await list("status=requested&page=2&page_size=1", n.secretKey);
    expect(requested.body.data).toMatchObject({ total: 2, page: 2, page_size: 1, total_pages: 2 });
    expect(requested.body.data!.items.map((r) => r.id)).toEqual([made[1]!.id]);

    const bad = await list("status=done", n.secretKey);
    expect(bad.status).toBe(400);
    expect((await list("page_size=101", n.secretKey)).status).toBe(400);

    const one = await getOne(made[1]!.id, n.secretKey);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(made[1]);

    const theirs = await getOne(made[1]!.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error!.code).toBe("NOT_FOUND");
    expect((await list("", m.secretKey)).body.data!.items.map((r) => r.id)).not.toContain(made[1]!.id);
  });
});
