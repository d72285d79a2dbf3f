import { and, asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as walletGet, PATCH as walletPatch } from "@/app/v1/checkout/wallet/route";
import { GET as membersGet, POST as membersPost } from "@/app/v1/checkout/wallet/members/route";
import { DELETE as memberDelete, PATCH as memberPatch } from "@/app/v1/checkout/wallet/members/[payId]/route";
import { getDb } from "@/db/client";
import { auditLog } from "@/db/schema";
import { afterCommitDeliveriesSettled } from "@/lib/events/deliver-after-commit";
import { makeKey, makeMerchant } from "@/tests/factories";
import { call } from "@/tests/http";
import { fund, fundedKey, type TestKey } from "@/tests/transfers";
import { addMember as addMemberTo, removeMember } from "./wallet-members";
import { dashboardWalletScope } from "./wallet-scope";
import { updateWallet } from "./wallet-settings";
import type { MemberView, WalletView } from "./wallet-view";

afterAll(() => afterCommitDeliveriesSettled());

const WALLET = "/v1/checkout/wallet";
const MEMBERS = "/v1/checkout/wallet/members";

const getWallet = (key: TestKey) => call<WalletView>(walletGet, { key: key.secretKey, path: WALLET });
const patchWallet = (key: TestKey, json: unknown) => call<WalletView>(walletPatch, { method: "PATCH", key: key.secretKey, path: WALLET, json });
const addMember = (key: TestKey, json: unknown) => call<MemberView>(membersPost, { method: "POST", key: key.secretKey, path: MEMBERS, json });
const listMembers = (key: TestKey, query = "") =>
  call<{ items: MemberView[]; total: number; page: number; page_size: number; total_pages: number }>(membersGet, {
    key: key.secretKey,
    path: `${MEMBERS}${query}`,
  });
const patchMember = (key: TestKey, payId: string, json: unknown) =>
  call<MemberView>(memberPatch, { method: "PATCH", key: key.secretKey, path: `${MEMBERS}/${encodeURIComponent(payId)}`, json, params: { payId } });
const deleteMember = (key: TestKey, payId: string) =>
  call<{ success: true; message: string }>(memberDelete, {
    method: "DELETE",
    key: key.secretKey,
    path: `${MEMBERS}/${encodeURIComponent(payId)}`,
    params: { payId },
  });

/** Another merchant's test wallet, as a member candidate: its PayID and its owner's name. */
async function otherWallet() {
  const m = await makeMerchant();
  return { payId: m.payIds.test, name: m.merchant.name, merchantId: m.merchant.id };
}

describe("GET /v1/checkout/wallet (supplement §7)", () => {
  it("answers the Wallet object, exactly its fields: PayID, the merchant's name by default, balance, no limits, nothing spent", async () => {
    const m = await makeMerchant();
    const key = await makeKey({ merchantId: m.merchant.id, config: { rateLimit: 100_000 } });
    await fund(key, 123_400);
    const r = await getWallet(key);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.data!).sort()).toEqual([
      "available_balance",
      "created_at",
      "currency",
      "daily_limit",
      "members_only",
      "name",
      "pay_id",
      "spent_today",
    ]);
    expect(r.body.data).toMatchObject({
      pay_id: m.payIds.test,
      name: m.merchant.name,
      currency: "NGN",
      available_balance: 123_400,
      members_only: false,
      daily_limit: null,
      spent_today: 0,
    });
  });

  it("a key with no linked wallet gets 403 WALLET_NOT_LINKED; without transfers, 403 PERMISSION_DENIED; a public key, 403 SECRET_KEY_REQUIRED", async () => {
    expect((await getWallet(await makeKey({ config: { linkWallet: false } }))).body.error).toMatchObject({ code: "WALLET_NOT_LINKED" });
    const noPerm = await getWallet(await makeKey({ config: { permissions: ["checkout"] } }));
    expect(noPerm.body.error).toEqual({ code: "PERMISSION_DENIED", message: "This API key lacks the transfers permission." });
    const key = await makeKey();
    const pub = await call(walletGet, { key: key.publicKey, path: WALLET });
    expect(pub.status).toBe(403);
    expect(pub.body.error).toMatchObject({ code: "SECRET_KEY_REQUIRED" });
  });

  it("test and live wallets are separate: settings made with the test key are not the live wallet's", async () => {
    const m = await makeMerchant();
    const test = await makeKey({ merchantId: m.merchant.id });
    const live = await makeKey({ merchantId: m.merchant.id, mode: "live" });
    await patchWallet(test, { members_only: true, daily_limit: 50_000 });
    expect((await getWallet(live)).body.data).toMatchObject({ pay_id: m.payIds.live, members_only: false, daily_limit: null });
  });
});

describe("PATCH /v1/checkout/wallet", () => {
  it("changes only the fields given and answers the Wallet; the name becomes the wallet's display name", async () => {
    const key = await fundedKey();
    const r = await patchWallet(key, { name: "  Acme Payouts ", members_only: true, daily_limit: 2_000_000 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ name: "Acme Payouts", members_only: true, daily_limit: 2_000_000 });
    const r2 = await patchWallet(key, { daily_limit: null });
    expect(r2.body.data).toMatchObject({ name: "Acme Payouts", members_only: true, daily_limit: null });
    expect((await getWallet(key)).body.data).toMatchObject({ name: "Acme Payouts", members_only: true, daily_limit: null });
  });

  it("validates: name 1 to 100, members_only a boolean, daily_limit an integer of at least 10000 kobo or null", async () => {
    const key = await fundedKey();
    for (const [json, detail] of [
      [{ name: "" }, "name must be 1 to 100 characters"],
      [{ name: "x".repeat(101) }, "name must be 1 to 100 characters"],
      [{ name: 5 }, "name must be a string"],
      [{ members_only: "yes" }, "members_only must be a boolean"],
      [{ daily_limit: 9_999 }, "daily_limit must be at least 10000 kobo"],
      [{ daily_limit: 10_000.5 }, "daily_limit must be an integer number of kobo or null"],
      [{ daily_limit: "20000" }, "daily_limit must be an integer number of kobo or null"],
    ] as const) {
      const r = await patchWallet(key, json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Validation error", details: [detail] });
    }
    expect((await patchWallet(key, { daily_limit: 10_000 })).body.data).toMatchObject({ daily_limit: 10_000 });
    expect((await getWallet(key)).body.data).toMatchObject({ members_only: false });
  });
});

describe("wallet members", () => {
  it("POST adds a wallet PayID (with or without @) and answers the Member: its PayID, display name, label, daily limit", async () => {
    const key = await fundedKey();
    const other = await otherWallet();
    const r = await addMember(key, { pay_id: `@${other.payId.toUpperCase()}`, label: "Supplier", daily_limit: 500_000 });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.data!).sort()).toEqual(["created_at", "daily_limit", "label", "name", "pay_id"]);
    expect(r.body.data).toMatchObject({ pay_id: other.payId, name: other.name, label: "Supplier", daily_limit: 500_000 });
  });

  it("an existing member is answered unchanged (a second POST with other values changes nothing)", async () => {
    const key = await fundedKey();
    const other = await otherWallet();
    const first = (await addMember(key, { pay_id: other.payId, label: "First" })).body.data!;
    const again = await addMember(key, { pay_id: other.payId, label: "Second", daily_limit: 20_000 });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first);
    expect((await listMembers(key)).body.data!.total).toBe(1);
  });

  it("an unknown PayID is 400 PAY_ID_NOT_FOUND; the wallet's own PayID is 400 VALIDATION_ERROR", async () => {
    const m = await makeMerchant();
    const key = await makeKey({ merchantId: m.merchant.id });
    const unknown = await addMember(key, { pay_id: "no-such-wallet-xyz" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "PAY_ID_NOT_FOUND" });
    const own = await addMember(key, { pay_id: `@${m.payIds.test}` });
    expect(own.status).toBe(400);
    expect(own.body.error).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await listMembers(key)).body.data!.total).toBe(0);
  });

  it("validates the body: pay_id required, label at most 100, daily_limit at least 10000 kobo", async () => {
    const key = await fundedKey();
    const other = await otherWallet();
    for (const [json, detail] of [
      [{}, "pay_id is required"],
      [{ pay_id: other.payId, label: "x".repeat(101) }, "label must be at most 100 characters"],
      [{ pay_id: other.payId, daily_limit: 100 }, "daily_limit must be at least 10000 kobo"],
    ] as const) {
      const r = await addMember(key, json);
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({ code: "HTTP_ERROR", message: "Validation error", details: [detail] });
    }
  });

  it("GET lists members newest first, paged like the other lists", async () => {
    const key = await fundedKey();
    const a = await otherWallet();
    const b = await otherWallet();
    const c = await otherWallet();
    for (const w of [a, b, c]) await addMember(key, { pay_id: w.payId });
    const page1 = await listMembers(key, "?page=1&page_size=2");
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ total: 3, page: 1, page_size: 2, total_pages: 2 });
    expect(page1.body.data!.items.map((i) => i.pay_id)).toEqual([c.payId, b.payId]);
    expect((await listMembers(key, "?page=2&page_size=2")).body.data!.items.map((i) => i.pay_id)).toEqual([a.payId]);
    expect((await listMembers(key, "?page_size=101")).body.error).toEqual({
      code: "HTTP_ERROR",
      message: "Validation error",
      details: ["page_size must be at most 100"],
    });
  });

  it("PATCH changes a member's label and daily limit (only the fields given); DELETE removes it with {success, message}", async () => {
    const key = await fundedKey();
    const other = await otherWallet();
    await addMember(key, { pay_id: other.payId, label: "Old", daily_limit: 30_000 });
    const r = await patchMember(key, `@${other.payId}`, { label: "New" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ pay_id: other.payId, label: "New", daily_limit: 30_000 });
    expect((await patchMember(key, other.payId, { label: null, daily_limit: null })).body.data).toMatchObject({ label: null, daily_limit: null });
    expect((await patchMember(key, other.payId, { daily_limit: 50 })).body.error).toEqual({
      code: "HTTP_ERROR",
      message: "Validation error",
      details: ["daily_limit must be at least 10000 kobo"],
    });
    const d = await deleteMember(key, other.payId);
    expect(d.status).toBe(200);
    expect(d.body.data).toEqual({ success: true, message: "Member removed." });
    expect((await listMembers(key)).body.data!.total).toBe(0);
  });

  it("not a member: PATCH and DELETE are 404 NOT_FOUND, also for another merchant's member or the live wallet's", async () => {
    const m = await makeMerchant();
    const test = await makeKey({ merchantId: m.merchant.id });
    const live = await makeKey({ merchantId: m.merchant.id, mode: "live" });
    const stranger = await fundedKey();
    const other = await otherWallet();
    await addMember(test, { pay_id: other.payId, label: "Mine" });
    for (const key of [stranger, live]) {
      const p = await patchMember(key, other.payId, { label: "Theirs" });
      expect(p.status).toBe(404);
      expect(p.body.error).toMatchObject({ code: "NOT_FOUND" });
      expect((await deleteMember(key, other.payId)).status).toBe(404);
      expect((await listMembers(key)).body.data!.total).toBe(0);
    }
    expect((await patchMember(test, "never-added", { label: "x" })).status).toBe(404);
    expect((await listMembers(test)).body.data!.items).toMatchObject([{ pay_id: other.payId, label: "Mine" }]);
  });
});

describe("dashboard changes are audited (an actor given)", () => {
  it("wallet.updated with from/to, wallet.member_added and wallet.member_removed, in the change's own transaction", async () => {
    const db = await getDb();
    const m = await makeMerchant();
    const other = await otherWallet();
    const scope = (await dashboardWalletScope(db, { merchantId: m.merchant.id, mode: "test" }))!;
    const actor = { type: "user" as const, userId: m.owner.id, ip: "203.0.113.9", userAgent: "test" };
    await db.transaction((tx) => updateWallet(tx, scope, { daily_limit: 50_000, members_only: true }, actor));
    // Nothing changed: nothing audited.
    await db.transaction((tx) => updateWallet(tx, scope, { daily_limit: 50_000 }, actor));
    await db.transaction((tx) => addMemberTo(tx, scope, { pay_id: other.payId, label: "Supplier" }, actor));
    await db.transaction((tx) => removeMember(tx, scope, other.payId, actor));
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m.merchant.id), eq(auditLog.targetType, "wallet")))
      .orderBy(asc(auditLog.createdAt));
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ["wallet.updated", { members_only: { from: false, to: true }, daily_limit: { from: null, to: 50_000 } }],
    ]);
    const memberRows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m.merchant.id), eq(auditLog.targetType, "wallet_member")))
      .orderBy(asc(auditLog.createdAt));
    expect(memberRows.map((r) => [r.action, r.targetId, r.actorUserId])).toEqual([
      ["wallet.member_added", other.payId, m.owner.id],
      ["wallet.member_removed", other.payId, m.owner.id],
    ]);
  });
});
