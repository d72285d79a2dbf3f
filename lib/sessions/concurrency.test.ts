import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { checkoutSessions } from "@/db/schema";
import { accountsOf, initialize, newSession, payIdsOf, selectMethod, sessionKey, sessionRow, switchBank, timeline, uniqueRef } from "@/tests/sessions";

async function sessionsWithReference(merchantId: string, reference: string) {
  return (await getDb())
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.merchantId, merchantId), eq(checkoutSessions.merchantReference, reference)));
}

describe("concurrent initializes with one reference", () => {
  it("30 at once, same amount: one session, every answer is it", async () => {
    const key = await sessionKey();
    const reference = uniqueRef("burst");
    const answers = await Promise.all(Array.from({ length: 30 }, () => initialize(key.secretKey, { amount: 50_000, email: "a@example.com", reference })));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.data!.session_id)).size).toBe(1);
    const rows = await sessionsWithReference(key.merchantId, reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("active");
  });

  it("30 at once, three amounts: exactly one active session; every other one made is failed; each answer had its own amount", async () => {
    const key = await sessionKey();
    const reference = uniqueRef("race");
    const amounts = [10_000, 20_000, 30_000];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => initialize(key.secretKey, { amount: amounts[i % 3], email: "a@example.com", reference })),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);
    answers.forEach((a, i) => expect(a.body.data!.amount).toBe(amounts[i % 3]));
    const rows = await sessionsWithReference(key.merchantId, reference);
    const active = rows.filter((r) => r.status === "active");
    expect(active).toHaveLength(1);
    expect(rows.filter((r) => r.status !== "active").every((r) => r.status === "failed")).toBe(true);
    for (const r of rows.filter((r) => r.status === "failed")) {
      expect((await timeline(r.id)).map((e) => e.type)).toEqual(["created", "failed"]);
    }
  });
});

describe("concurrent changes to one session take turns on its row lock", () => {
  it("20 bank_transfer selections at once: one account, every answer the same account", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => selectMethod(i % 2 ? key.publicKey : key.secretKey, s.session_id, { payment_method: "bank_transfer" })),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.data!.account_number)).size).toBe(1);
    expect(await accountsOf(s.session_id)).toHaveLength(1);
    expect((await sessionRow(s.session_id)).attempts).toBe(1);
  });

  it("20 payid selections at once: one PayID", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const answers = await Promise.all(Array.from({ length: 20 }, () => selectMethod(key.secretKey, s.session_id, { payment_method: "payid" })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data!.pay_id)).size).toBe(1);
    expect(await payIdsOf(s.session_id)).toHaveLength(1);
  });

  it("alternating methods at once: at most one account or PayID is live at the end, and it is the session's current one", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => selectMethod(key.secretKey, s.session_id, { payment_method: i % 2 ? "payid" : "bank_transfer" })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const row = await sessionRow(s.session_id);
    const live = [
      ...(await accountsOf(s.session_id)).filter((a) => a.status === "pending"),
      ...(await payIdsOf(s.session_id)).filter((p) => p.status === "active"),
    ];
    expect(live).toHaveLength(1);
    expect(live[0]!.id).toBe(row.paymentMethod === "payid" ? row.dynamicPayIdId : row.virtualAccountId);
  });

  it("10 switch-bank calls to one bank at once: one new account at it, the old one retired", async () => {
    const key = await sessionKey();
    const s = await newSession(key.secretKey);
    const first = await selectMethod(key.secretKey, s.session_id, { payment_method: "bank_transfer" });
    const provider = first.body.data!.banks.find((b) => !b.current)!.provider;
    const answers = await Promise.all(Array.from({ length: 10 }, () => switchBank(key.secretKey, s.session_id, { provider })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data!.account_number)).size).toBe(1);
    expect((await accountsOf(s.session_id)).map((a) => a.status)).toEqual(["expired", "pending"]);
  });
});
