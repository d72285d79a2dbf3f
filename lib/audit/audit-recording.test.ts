import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows, type Db } from "@/db/client";
import { auditLog, memberships, merchants } from "@/db/schema";
import { authorizeCredentials } from "@/lib/auth/auth";
import { setWebhookUrl } from "@/lib/keys/set-webhook-url";
import { revokeKeyPair } from "@/lib/keys/revoke-key-pair";
import { requestRefund } from "@/lib/refunds/request-refund";
import { deleteStaticAccount, disableStaticAccount, enableStaticAccount, suspendStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { initiateTransfer, type InitiateInput } from "@/lib/transfers/initiate-transfer";
import { InitiateTransferBody } from "@/lib/transfers/transfer-input";
import { CLI_ACTOR, type Actor } from "./record-audit";
import { recordSignIn } from "./record-sign-in";
import { makeKey, makeMerchant } from "@/tests/factories";
import { pendingPayment, refundMerchant } from "@/tests/refunds";
import { bankBody, fund, uniqueRef } from "@/tests/transfers";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const member = (userId: string, n = 1): Actor & { userId: string } => ({
  type: "user",
  userId,
  ip: `203.0.113.${n}`,
  userAgent: `AuditTest/${n} (Chromium)`,
});

const rowsFor = (targetId: string, action?: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(auditLog.createdAt);

const countFor = async (merchantId: string, action: string) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, action)))
  ).length;

/** A merchant with its owner, a funded test key (wallet) and what initiateTransfer needs from the dashboard. */
async function dashboardSender(funds: number) {
  const made = await makeMerchant();
  const key = await makeKey({ merchantId: made.merchant.id, config: { rateLimit: 100_000 } });
  if (funds) await fund(key, funds);
  const send = (body: Record<string, unknown>, actor: Actor | null) =>
    initiateTransfer(db, {
      merchantId: made.merchant.id,
      merchantName: made.merchant.name,
      mode: "test",
      walletPayIdId: key.keyPair.settlementPayIdId!,
      keyPairId: actor ? null : key.keyPair.id,
      body: InitiateTransferBody.parse(body),
      ...(actor ? { source: "dashboard", actor } : { source: "api" }),
    } as InitiateInput);
  return { ...made, key, send };
}

describe("transfer.sent: a dashboard transfer is audited in its own statement", () => {
  it("a dashboard transfer writes exactly one transfer.sent row with the member, IP, user agent and the transfer's fields", async () => {
    const s = await dashboardSender(1_000_000);
    const actor = member(s.owner.id, 7);
    const t = await initiateTransfer(db, {
      merchantId: s.merchant.id,
      merchantName: s.merchant.name,
      mode: "test",
      walletPayIdId: s.key.keyPair.settlementPayIdId!,
      keyPairId: null,
      source: "dashboard",
      actor,
      body: InitiateTransferBody.parse(bankBody({ amount: 25_000, narration: "Rent" })),
    });
    const rows = await rowsFor(t.reference, "transfer.sent");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      merchantId: s.merchant.id,
      actorType: "user",
      actorUserId: s.owner.id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      targetType: "transfer",
    });
    expect(rows[0]!.changes).toMatchObject({ amount: { to: 25_000 }, type: { to: "bank_transfer" }, narration: { to: "Rent" } });
    expect(String(rows[0]!.changes!.recipient!.to)).toContain("ADA OBI");
  });

  it("a replay of the same reference answers the same transfer and writes no second row", async () => {
    const s = await dashboardSender(1_000_000);
    const body = bankBody({ reference: uniqueRef("audit") });
    const first = await s.send(body, member(s.owner.id));
    const again = await s.send(body, member(s.owner.id));
    expect(again.reference).toBe(first.reference);
    expect(await rowsFor(first.reference, "transfer.sent")).toHaveLength(1);
  });

  it("a dashboard transfer that fails (insufficient balance) writes no audit row", async () => {
    const s = await dashboardSender(0);
    await expect(s.send(bankBody({ amount: 50_000 }), member(s.owner.id))).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await countFor(s.merchant.id, "transfer.sent")).toBe(0);
  });

  it("an API transfer is not a dashboard change: no audit row", async () => {
    const s = await dashboardSender(1_000_000);
    const t = await s.send(bankBody(), null);
    expect(t.status).toBeTruthy();
    expect(await countFor(s.merchant.id, "transfer.sent")).toBe(0);
  });
});

describe("refund.requested", () => {
  it("a dashboard refund request writes one row (amount, payment, settlement status before → after); asking again writes none", async () => {
    const m = await refundMerchant();
    const p = await pendingPayment(m);
    const [owner] = await db.select().from(memberships).where(eq(memberships.merchantId, m.merchantId));
    const actor = member(owner!.userId, 9);
    const input = { merchantId: m.merchantId, mode: m.mode, keyPairId: null, staticAccountId: m.accountId, paymentId: p.id, reason: "Paid twice", actor };
    const { refund, created } = await requestRefund(db, input);
    expect(created).toBe(true);
    expect((await requestRefund(db, input)).created).toBe(false);
    const rows = await rowsFor(refund.id, "refund.requested");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      merchantId: m.merchantId,
      actorType: "user",
      actorUserId: owner!.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      targetType: "refund",
    });
    expect(rows[0]!.changes).toMatchObject({
      amount: { to: p.amount },
      payment: { to: p.id },
      settlement_status: { from: "pending_settlement", to: "under_review" },
      reason: { to: "Paid twice" },
    });
  });

  it("a refused refund request (the payment is already batched) writes no audit row", async () => {
    const m = await refundMerchant();
    const p = await pendingPayment(m, { settlementStatus: "batched" });
    await expect(
      requestRefund(db, { merchantId: m.merchantId, mode: m.mode, staticAccountId: m.accountId, paymentId: p.id, actor: CLI_ACTOR }),
    ).rejects.toMatchObject({ code: "REFUND_NOT_ALLOWED" });
    expect(await countFor(m.merchantId, "refund.requested")).toBe(0);
  });

  it("an API key's refund request is not audited (no actor)", async () => {
    const m = await refundMerchant();
    const p = await pendingPayment(m);
    await requestRefund(db, { merchantId: m.merchantId, mode: m.mode, keyPairId: m.keyPairId, staticAccountId: m.accountId, paymentId: p.id });
    expect(await countFor(m.merchantId, "refund.requested")).toBe(0);
  });
});

describe("api_key.webhook_url_changed", () => {
  it("changing the webhook URL writes one row with the URL before and after; setting the same URL again writes none", async () => {
    const made = await makeMerchant();
    const key = await makeKey({ merchantId: made.merchant.id, config: { webhookUrl: "https://old.example.com/hooks" } });
    const actor = member(made.owner.id, 3);
    const scope = { merchantId: made.merchant.id, mode: "test" as const, keyPairId: key.keyPair.id, actor };
    const view = await setWebhookUrl(db, { ...scope, webhookUrl: "https://new.example.com/hooks" });
    expect(view.webhookUrl).toBe("https://new.example.com/hooks");
    await setWebhookUrl(db, { ...scope, webhookUrl: "https://new.example.com/hooks" });
    await setWebhookUrl(db, { ...scope, webhookUrl: null });
    const rows = await rowsFor(key.keyPair.id, "api_key.webhook_url_changed");
    expect(rows.map((r) => r.changes)).toEqual([
      { webhook_url: { from: "https://old.example.com/hooks", to: "https://new.example.com/hooks" } },
      { webhook_url: { from: "https://new.example.com/hooks", to: null } },
    ]);
    expect(rows[0]).toMatchObject({ actorType: "user", actorUserId: made.owner.id, ip: actor.ip, userAgent: actor.userAgent });
  });

  it("a refused webhook URL (credentials in it, or a revoked key) changes nothing and writes no row", async () => {
    const key = await makeKey({ config: { webhookUrl: "https://keep.example.com/hooks" } });
    const scope = { merchantId: key.merchantId, mode: "test" as const, keyPairId: key.keyPair.id, actor: CLI_ACTOR };
    await expect(setWebhookUrl(db, { ...scope, webhookUrl: "https://user:pw@evil.example.com/" })).rejects.toMatchObject({ status: 400 });
    await expect(setWebhookUrl(db, { ...scope, webhookUrl: "ftp://example.com/" })).rejects.toMatchObject({ status: 400 });
    await revokeKeyPair(db, scope);
    await expect(setWebhookUrl(db, { ...scope, webhookUrl: "https://other.example.com/" })).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect(await rowsFor(key.keyPair.id, "api_key.webhook_url_changed")).toHaveLength(0);
  });
});

describe("static_account.disabled / enabled / deleted / suspended", () => {
  it("each dashboard change writes one row named for the new state with status before → after; repeating a state writes none", async () => {
    const m = await refundMerchant();
    const [owner] = await db.select().from(memberships).where(eq(memberships.merchantId, m.merchantId));
    const actor = member(owner!.userId, 4);
    const target = { merchantId: m.merchantId, mode: m.mode, id: m.accountId, actor };
    await disableStaticAccount(db, target);
    await disableStaticAccount(db, target);
    await enableStaticAccount(db, target);
    await deleteStaticAccount(db, target);
    const rows = await rowsFor(m.accountId);
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ["static_account.disabled", { status: { from: "active", to: "disabled" } }],
      ["static_account.enabled", { status: { from: "disabled", to: "active" } }],
      ["static_account.deleted", { status: { from: "active", to: "deleted" } }],
    ]);
    for (const r of rows) expect(r).toMatchObject({ actorType: "user", actorUserId: owner!.userId, ip: actor.ip, userAgent: actor.userAgent });
  });

  it("a refused change (enabling a suspended account) writes no row; the suspension itself is audited as the admin", async () => {
    const m = await refundMerchant();
    const admin: Actor = { type: "admin", userId: null, ip: "198.51.100.1", userAgent: "AdminUA" };
    await suspendStaticAccount(db, { id: m.accountId, actor: admin });
    await expect(enableStaticAccount(db, { merchantId: m.merchantId, mode: m.mode, id: m.accountId, actor: CLI_ACTOR })).rejects.toMatchObject({
      code: "ACCOUNT_SUSPENDED",
    });
    const rows = await rowsFor(m.accountId);
    expect(rows.map((r) => r.action)).toEqual(["static_account.suspended"]);
    expect(rows[0]).toMatchObject({ actorType: "admin", ip: "198.51.100.1", userAgent: "AdminUA" });
  });
});

describe("user.signed_in", () => {
  it("a sign-in writes one row per business the user belongs to, with the request's IP and user agent", async () => {
    const a = await makeMerchant();
    const b = await makeMerchant();
    await db.insert(memberships).values({ userId: a.owner.id, merchantId: b.merchant.id, role: "viewer" });
    const headers = new Headers({ "x-owo-peer-address": "192.0.2.44", "x-forwarded-for": "198.51.100.1", "user-agent": "Mozilla/5.0 SignInTest" });
    expect(await recordSignIn(db, { userId: a.owner.id, headers })).toBe(2);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, a.owner.id), eq(auditLog.action, "user.signed_in")));
    expect(rows.map((r) => r.merchantId).sort()).toEqual([a.merchant.id, b.merchant.id].sort());
    for (const r of rows)
      expect(r).toMatchObject({ actorType: "user", ip: "192.0.2.44", userAgent: "Mozilla/5.0 SignInTest", targetType: "user", targetId: a.owner.id });
  });

  it("signing in through Auth.js's authorize records it; a wrong password records no sign-in", async () => {
    const a = await makeMerchant();
    const req = () =>
      new Request("http://localhost/api/auth/callback/credentials", {
        method: "POST",
        headers: { "x-owo-peer-address": "192.0.2.77", "user-agent": "AuthorizeTest" },
      });
    expect(await authorizeCredentials({ email: a.owner.email, password: "wrong password!" }, req())).toBeNull();
    expect(await countFor(a.merchant.id, "user.signed_in")).toBe(0);
    expect(await authorizeCredentials({ email: a.owner.email, password: a.password }, req())).toMatchObject({ id: a.owner.id });
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, a.merchant.id), eq(auditLog.action, "user.signed_in")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: a.owner.id, ip: "192.0.2.77", userAgent: "AuthorizeTest" });
  });

  it("a user of no business writes no sign-in row", async () => {
    const a = await makeMerchant();
    await db.delete(memberships).where(eq(memberships.userId, a.owner.id));
    expect(await recordSignIn(db, { userId: a.owner.id, headers: null })).toBe(0);
    // The merchant row is left without members; nothing else refers to this user's sign-in.
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log where actor_user_id = ${a.owner.id} and action = 'user.signed_in'`,
    );
    expect(n!.n).toBe(0);
    expect((await db.select().from(merchants).where(eq(merchants.id, a.merchant.id))).length).toBe(1);
  });
});
