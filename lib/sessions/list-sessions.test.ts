import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { checkoutSessions, type CheckoutSession } from "@/db/schema";
import { createDynamicPayId, retireDynamicPayId } from "@/lib/payids/dynamic-payids";
import { issueVirtualAccount, retireVirtualAccount } from "@/lib/virtual-accounts/issue-virtual-account";
import { insertPayment, insertSession, insertSessionEvent, receivingMerchant, type ReceivingMerchant } from "@/tests/receiving-rows";
import { listSessions, parseSessionSearch, sessionDisplayStatus, type ListSessionsQuery } from "./list-sessions";
import { getSessionDetail } from "./session-detail";

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const refs = (items: { reference: string }[]) => items.map((i) => i.reference).sort();

describe("listSessions: scope, status with lazy expiry, search, paging", () => {
  let m: ReceivingMerchant;
  let active: CheckoutSession, lapsed: CheckoutSession, expired: CheckoutSession, completed: CheckoutSession, failed: CheckoutSession;

  beforeAll(async () => {
    m = await receivingMerchant();
    const live = await receivingMerchant({ merchantId: m.merchantId, mode: "live" });
    const other = await receivingMerchant();
    completed = await insertSession(m, { status: "completed", paidAt: new Date(), customerEmail: "zainab@shop.example", customerName: "Zainab Musa" });
    expired = await insertSession(m, { status: "expired", expiresAt: minutes(-60) });
    failed = await insertSession(m, { status: "failed", merchantReference: "cart_9%" });
    // Past its expiry, but nothing has written so yet.
    lapsed = await insertSession(m, { expiresAt: minutes(-1), merchantReference: "cart-42" });
    active = await insertSession(m, { merchantReference: "cart-43", customerEmail: "emeka@shop.example" });
    await insertSession(live, { merchantReference: "cart-42" });
    await insertSession(other, { merchantReference: "cart-42", customerEmail: "emeka@shop.example" });
  });

  const run = async (over: Partial<ListSessionsQuery> = {}, who = m) =>
    listSessions(await getDb(), { merchantId: who.merchantId, mode: who.mode, page: 1, page_size: 100, ...over });

  it("lists only the merchant's sessions of the mode, newest first", async () => {
    const r = await run();
    expect(r.items.map((s) => s.reference)).toEqual([active, lapsed, failed, expired, completed].map((s) => s.reference));
    expect(r.total).toBe(5);
  });

  it("an active session past expires_at shows as expired and is filtered as expired, not active", async () => {
    const r = await run();
    expect(r.items.find((s) => s.id === lapsed.id)).toMatchObject({ status: "active", displayStatus: "expired" });
    expect(r.items.find((s) => s.id === active.id)!.displayStatus).toBe("active");
    expect(refs((await run({ status: "active" })).items)).toEqual([active.reference]);
    expect(refs((await run({ status: "expired" })).items)).toEqual(refs([lapsed, expired]));
    expect(refs((await run({ status: "completed" })).items)).toEqual([completed.reference]);
    expect(refs((await run({ status: "failed" })).items)).toEqual([failed.reference]);
  });

  it.each([
    ["our reference, partly and in any case", () => active.reference.slice(4, 12).toLowerCase(), () => [active]],
    ["the caller's reference", () => "cart-42", () => [lapsed]],
    ["the customer's email", () => "EMEKA@", () => [active]],
    ["the customer's name", () => "zainab musa", () => [completed]],
    ["the session id", () => expired.id, () => [expired]],
    ["% and _ taken literally", () => "_9%", () => [failed]],
  ])("search by %s", async (_what, search, expected) => {
    expect(refs((await run({ search: search() })).items)).toEqual(refs(expected()));
  });

  it("search and status combine; pages partition the list", async () => {
    expect((await run({ search: "cart-4", status: "active" })).items.map((s) => s.id)).toEqual([active.id]);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await run({ page, page_size: 2 });
      expect([r.total, r.total_pages]).toEqual([5, 3]);
      seen.push(...r.items.map((s) => s.id));
    }
    expect(seen).toEqual([active, lapsed, failed, expired, completed].map((s) => s.id));
  });

  it("parseSessionSearch drops a bad value and keeps the rest", () => {
    expect(parseSessionSearch({ status: "lost", search: "cart", page: "2", page_size: "1000" })).toEqual({ page: 2, page_size: 20, search: "cart" });
    expect(parseSessionSearch({ status: "expired" })).toEqual({ page: 1, page_size: 20, status: "expired" });
  });

  it("sessionDisplayStatus leaves final states alone", () => {
    const past = minutes(-5);
    expect(sessionDisplayStatus({ status: "completed", expiresAt: past })).toBe("completed");
    expect(sessionDisplayStatus({ status: "failed", expiresAt: past })).toBe("failed");
    expect(sessionDisplayStatus({ status: "active", expiresAt: past })).toBe("expired");
    expect(sessionDisplayStatus({ status: "active", expiresAt: minutes(5) })).toBe("active");
  });
});

describe("getSessionDetail", () => {
  it("by id or reference, scoped: another merchant's or mode's session, or a malformed id, is null", async () => {
    const db = await getDb();
    const m = await receivingMerchant();
    const live = await receivingMerchant({ merchantId: m.merchantId, mode: "live" });
    const other = await receivingMerchant();
    const s = await insertSession(m);
    expect((await getSessionDetail(db, { merchantId: m.merchantId, mode: "test", idOrReference: s.id }))!.session.id).toBe(s.id);
    expect((await getSessionDetail(db, { merchantId: m.merchantId, mode: "test", idOrReference: s.reference }))!.session.id).toBe(s.id);
    expect(await getSessionDetail(db, { merchantId: other.merchantId, mode: "test", idOrReference: s.id })).toBeNull();
    expect(await getSessionDetail(db, { merchantId: live.merchantId, mode: "live", idOrReference: s.id })).toBeNull();
    expect(await getSessionDetail(db, { merchantId: m.merchantId, mode: "test", idOrReference: "not-a-session" })).toBeNull();
  });

  it("applies lazy expiry: the session is written expired, with the timeline entry and its account retired", async () => {
    const db = await getDb();
    const m = await receivingMerchant();
    const s = await insertSession(m, { expiresAt: minutes(-1) });
    const va = await db.transaction((tx) =>
      issueVirtualAccount(tx, {
        merchantId: m.merchantId,
        mode: "test",
        keyPairId: m.keyPairId,
        settlementPayIdId: m.walletPayIdId,
        amount: s.amount,
        expiresAt: s.expiresAt,
        source: "checkout",
        sessionId: s.id,
        accountName: "Shop",
      }),
    );
    const detail = (await getSessionDetail(db, { merchantId: m.merchantId, mode: "test", idOrReference: s.id }))!;
    expect(detail.session.status).toBe("expired");
    expect(detail.timeline.map((e) => e.type)).toEqual(["created", "expired"]);
    expect(detail.issued).toMatchObject([{ kind: "virtual_account", id: va.id, status: "expired" }]);
    const [stored] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, s.id));
    expect(stored!.status).toBe("expired");
  });

  it("the attempts: timeline in order, every account and PayID issued in order, and the payment that completed it", async () => {
    const db = await getDb();
    const m = await receivingMerchant();
    const s = await insertSession(m, { attempts: 1 });
    const base = {
      merchantId: m.merchantId,
      mode: "test" as const,
      keyPairId: m.keyPairId,
      settlementPayIdId: m.walletPayIdId,
      expiresAt: s.expiresAt,
      sessionId: s.id,
    };
    const first = await db.transaction((tx) => issueVirtualAccount(tx, { ...base, amount: s.amount, source: "checkout", accountName: "Shop" }));
    await insertSessionEvent(s.id, "method_selected", { method: "bank_transfer" }, new Date(s.createdAt.getTime() + 1_000));
    await db.transaction((tx) => retireVirtualAccount(tx, first.id));
    const payId = await db.transaction((tx) =>
      createDynamicPayId(tx, { ...base, amount: s.amount, amountValidation: "A0", allowMultiplePayments: false, source: "checkout" }),
    );
    await insertSessionEvent(s.id, "method_switched", { from: "bank_transfer", to: "payid" }, new Date(s.createdAt.getTime() + 2_000));
    await db.transaction((tx) => retireDynamicPayId(tx, payId.id));
    const p = await insertPayment(m, { destinationKind: "session", sessionId: s.id, payIdId: null, amount: s.amount });
    await insertSessionEvent(s.id, "paid", { channel: "bank_transfer", reference: p.reference }, new Date(s.createdAt.getTime() + 3_000));

    const other = await receivingMerchant();
    const detail = (await getSessionDetail(db, { merchantId: m.merchantId, mode: "test", idOrReference: s.id }))!;
    expect(detail.timeline.map((e) => e.type)).toEqual(["created", "method_selected", "method_switched", "paid"]);
    expect(detail.issued.map((i) => [i.kind, i.id, i.status])).toEqual([
      ["virtual_account", first.id, "expired"],
      ["dynamic_payid", payId.id, "deactivated"],
    ]);
    expect(detail.issued[1]).toMatchObject({ payId: payId.fullPayId });
    expect(detail.payments).toEqual([{ reference: p.reference, amount: s.amount, fee: p.fee, channel: "bank_transfer", paidAt: p.paidAt }]);
    expect(await getSessionDetail(db, { merchantId: other.merchantId, mode: "test", idOrReference: s.reference })).toBeNull();
  });
});
