import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { memberships, merchants, refunds } from "@/db/schema";
import { CLI_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { requestRefund } from "@/lib/refunds/request-refund";
import { suspendStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { insertUser } from "@/lib/users/create-user";
import { auditRows, paymentRow, pendingPayment, refundMerchant, type RefundMerchant } from "@/tests/refunds";
import { createAdmin } from "./create-admin";
import { isAdminNow } from "./is-admin";
import { getAdminMerchant } from "./merchant-detail";
import { decideRefund, getRefundReview, listRefundReviews, parseReviewStatus } from "./refund-reviews";

let m: RefundMerchant;
let admin: Actor & { userId: string };
let db: Awaited<ReturnType<typeof getDb>>;

const ask = async (who: RefundMerchant, amount = 1_000_000) => {
  const p = await pendingPayment(who, { amount });
  const { refund } = await requestRefund(db, {
    merchantId: who.merchantId,
    mode: who.mode,
    keyPairId: who.keyPairId,
    staticAccountId: who.accountId,
    paymentId: p.id,
    reason: "Paid twice",
  });
  return { p, refund };
};

beforeAll(async () => {
  db = await getDb();
  m = await refundMerchant();
  const a = await createAdmin(db, { email: `admin-${randomBase62(6).toLowerCase()}@owo.test`, password: "owo-admin-password", actor: CLI_ACTOR });
  admin = { type: "admin", userId: a.id };
});

describe("admin access (server-checked)", () => {
  it("isAdminNow reads the database: admins yes; members, unknown ids and nobody no; a demoted admin at once", async () => {
    expect(await isAdminNow(db, admin.userId)).toBe(true);
    const plain = await insertUser(db, { email: `plain-${randomBase62(6).toLowerCase()}@example.com`, password: "correct horse battery" });
    expect(await isAdminNow(db, plain.id)).toBe(false);
    expect(await isAdminNow(db, null)).toBe(false);
    expect(await isAdminNow(db, "00000000-0000-7000-8000-000000000000")).toBe(false);
    const demoted = await createAdmin(db, { email: `demoted-${randomBase62(6).toLowerCase()}@owo.test`, password: "owo-admin-password", actor: CLI_ACTOR });
    const { users } = await import("@/db/schema");
    await db.update(users).set({ isAdmin: false }).where(eq(users.id, demoted.id));
    expect(await isAdminNow(db, demoted.id)).toBe(false);
  });
});

describe("refund review queue (four eyes)", () => {
  it("lists requested refunds oldest first across merchants with payer, amount, merchant, account and payment", async () => {
    const other = await refundMerchant();
    const first = await ask(other, 1_100_000);
    const second = await ask(other, 2_200_000);
    const queue = await listRefundReviews(db, { status: "requested", merchantId: other.merchantId });
    expect(queue.items.map((r) => r.refund.id)).toEqual([first.refund.id, second.refund.id]);
    expect(queue.total).toBe(2);
    const row = queue.items[1]!;
    expect(row.account).toMatchObject({ id: other.accountId, customerName: "Ngozi Eze" });
    expect(row.payment).toMatchObject({
      id: second.p.id,
      reference: second.p.reference,
      amount: 2_200_000,
      settlementStatus: "under_review",
      payer: { name: "Ada Obi" },
    });
    expect(row.merchantName).toMatch(/^Test Merchant/);
    const all = await listRefundReviews(db);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.items.every((r) => r.refund.status === "requested")).toBe(true);
    expect((await listRefundReviews(db, { status: "completed", merchantId: other.merchantId })).total).toBe(0);
  });

  it("the review shows the account's history: its other payments and refunds, and the decisions so far", async () => {
    const r = await refundMerchant();
    await pendingPayment(r, { amount: 50_000 });
    const { refund, p } = await ask(r);
    const review = (await getRefundReview(db, refund.id))!;
    expect(review.payment?.id).toBe(p.id);
    expect(review.account?.id).toBe(r.accountId);
    expect(review.merchant).toMatchObject({ id: r.merchantId, staticAccounts: "enabled" });
    expect(review.accountPayments).toHaveLength(2);
    expect(review.accountRefunds.map((x) => x.id)).toEqual([refund.id]);
    expect(review.trail).toEqual([]);
    await decideRefund(db, { refundId: refund.id, decision: "reject", reason: "Customer confirmed", actor: admin });
    const after = (await getRefundReview(db, refund.id))!;
    expect(after.refund.status).toBe("rejected");
    expect(after.trail.map((t) => t.action)).toEqual(["refund.rejected"]);
    expect(after.reviewedBy).toMatch(/@owo\.test$/);
    expect(await getRefundReview(db, "rfd_unknown")).toBeNull();
  });

  it("decideRefund approves (money back, refunded) or rejects with a reason; never twice", async () => {
    const { refund, p } = await ask(m);
    const done = await decideRefund(db, { refundId: refund.id, decision: "approve", actor: admin });
    expect(done.status).toBe("completed");
    expect((await paymentRow(p.id)).settlementStatus).toBe("refunded");
    await expect(decideRefund(db, { refundId: refund.id, decision: "approve", actor: admin })).rejects.toMatchObject({ code: "INVALID_STATE" });
    await expect(decideRefund(db, { refundId: refund.id, decision: "reject", reason: "late", actor: admin })).rejects.toMatchObject({ code: "INVALID_STATE" });

    const next = await ask(m);
    await expect(decideRefund(db, { refundId: next.refund.id, decision: "reject", reason: "", actor: admin })).rejects.toMatchObject({ status: 400 });
    expect((await decideRefund(db, { refundId: next.refund.id, decision: "reject", reason: "Not a duplicate", actor: admin })).status).toBe("rejected");
    await expect(decideRefund(db, { refundId: "rfd_nope", decision: "approve", actor: admin })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("an admin who belongs to the business cannot decide its refund (another admin must)", async () => {
    const { refund } = await ask(m);
    await db.insert(memberships).values({ userId: admin.userId, merchantId: m.merchantId, role: "owner" });
    try {
      await expect(decideRefund(db, { refundId: refund.id, decision: "approve", actor: admin })).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
      const [row] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
      expect(row!.status).toBe("requested");
    } finally {
      await db.delete(memberships).where(eq(memberships.userId, admin.userId));
    }
  });

  it("parseReviewStatus defaults to requested", () => {
    expect(parseReviewStatus(undefined)).toBe("requested");
    expect(parseReviewStatus("bogus")).toBe("requested");
    expect(parseReviewStatus(["failed"])).toBe("failed");
  });
});

describe("merchants: product state and static accounts", () => {
  it("enable / disable / suspend the product (same as owo merchant set), audited", async () => {
    const r = await refundMerchant({ staticAccounts: "disabled" });
    for (const state of ["enabled", "suspended", "disabled"] as const) {
      expect(await setStaticAccounts(db, { merchantId: r.merchantId, staticAccounts: state, actor: admin })).toEqual({
        id: r.merchantId,
        static_accounts: state,
      });
      const [row] = await db.select({ s: merchants.staticAccounts }).from(merchants).where(eq(merchants.id, r.merchantId));
      expect(row!.s).toBe(state);
    }
    const audit = await auditRows(r.merchantId);
    expect(audit.filter((a) => a.action === "merchant.static_accounts_changed" && a.actorType === "admin")).toHaveLength(3);
  });

  it("the merchant detail lists its static accounts; suspending one is audited and shows", async () => {
    const r = await refundMerchant();
    await ask(r);
    const before = (await getAdminMerchant(db, r.merchantId))!;
    expect(before.accounts.map((a) => [a.id, a.status])).toEqual([[r.accountId, "active"]]);
    expect(before.openRefunds).toBe(1);
    expect(before.owners).toHaveLength(1);
    await suspendStaticAccount(db, { id: r.accountId, actor: admin });
    const after = (await getAdminMerchant(db, r.merchantId))!;
    expect(after.accounts[0]!.status).toBe("suspended");
    expect((await auditRows(r.accountId)).map((a) => [a.action, a.actorType])).toEqual([["static_account.suspended", "admin"]]);
    expect(await getAdminMerchant(db, "not-a-uuid")).toBeNull();
    expect(await getAdminMerchant(db, "00000000-0000-7000-8000-000000000000")).toBeNull();
  });
});
