import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { memberships, transfers } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { isAppError } from "@/lib/errors";
import { insertUser } from "@/lib/users/create-user";
import { randomBase62 } from "@/lib/ids";
import { balance, fundedKey, uniqueRef } from "@/tests/transfers";
import { decideApproval, sendOrRequestApproval, setApprovalThreshold } from "./transfer-approvals";

/*
 * Approvals of large dashboard transfers (issue 25: safe money out): above the business's
 * threshold a transfer waits (nothing debited) for another member; the requester cannot approve
 * their own; an approval sends it once, also when two approvers click at once; a rejection
 * sends nothing. Real Postgres, the sandbox bank.
 */
const actor: Actor = { type: "user", ip: "198.51.100.11", userAgent: "vitest approvals" };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: unknown) => (isAppError(e) ? `${e.status} ${e.code}` : `threw ${String(e)}`),
  );

async function business() {
  const db = await getDb();
  const key = await fundedKey(50_000_000);
  const [owner] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.merchantId, key.merchantId));
  const second = await insertUser(db, { email: `second-${randomBase62(8).toLowerCase()}@example.com`, password: "correct horse battery", name: null });
  await db.insert(memberships).values({ userId: second.id, merchantId: key.merchantId, role: "owner" });
  await setApprovalThreshold(db, { merchantId: key.merchantId, mode: "test", threshold: 1_000_000, actor });
  return { db, key, scope: { merchantId: key.merchantId, mode: "test" as const }, requester: owner!.userId, approver: second.id };
}

const body = (amount: number) => ({
  type: "bank_transfer" as const,
  account_number: "0123456789",
  bank_code: "058",
  account_name: "ADA OBI",
  amount,
  reference: uniqueRef("dash"),
});

describe("approval above the threshold", () => {
  it("at or below the threshold a transfer is sent at once", async () => {
    const b = await business();
    const out = await sendOrRequestApproval(b.db, { ...b.scope, merchantName: "Approvals Co", userId: b.requester, actor, body: body(1_000_000) });
    expect(out.kind).toBe("sent");
  });

  it("above it nothing is debited until another member approves; the requester is refused; the approval sends it once", async () => {
    const b = await business();
    const before = await balance(b.key);
    const out = await sendOrRequestApproval(b.db, { ...b.scope, merchantName: "Approvals Co", userId: b.requester, actor, body: body(2_000_000) });
    expect(out.kind).toBe("awaiting_approval");
    expect(await balance(b.key)).toBe(before);
    const id = out.kind === "awaiting_approval" ? out.approval.id : "";
    expect(await refusal(decideApproval(b.db, { ...b.scope, id, decision: "approve", userId: b.requester, merchantName: "Approvals Co", actor }))).toBe(
      "403 FORBIDDEN",
    );

    // Two approvers at once (or a double click): one decision, one transfer.
    const results = await Promise.allSettled([
      decideApproval(b.db, { ...b.scope, id, decision: "approve", userId: b.approver, merchantName: "Approvals Co", actor }),
      decideApproval(b.db, { ...b.scope, id, decision: "approve", userId: b.approver, merchantName: "Approvals Co", actor }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const sent = await b.db
      .select()
      .from(transfers)
      .where(and(eq(transfers.merchantId, b.key.merchantId), eq(transfers.amount, 2_000_000)));
    expect(sent).toHaveLength(1);
    expect(await balance(b.key)).toBe(before - (sent[0]!.amount + sent[0]!.fee + sent[0]!.vat + sent[0]!.stampDuty));
  });

  it("a rejection sends nothing and cannot be approved after", async () => {
    const b = await business();
    const out = await sendOrRequestApproval(b.db, { ...b.scope, merchantName: "Approvals Co", userId: b.requester, actor, body: body(3_000_000) });
    const id = out.kind === "awaiting_approval" ? out.approval.id : "";
    const rejected = await decideApproval(b.db, { ...b.scope, id, decision: "reject", userId: b.approver, merchantName: "Approvals Co", actor });
    expect(rejected.transfer).toBeNull();
    expect(await refusal(decideApproval(b.db, { ...b.scope, id, decision: "approve", userId: b.approver, merchantName: "Approvals Co", actor }))).toBe(
      "400 INVALID_STATE",
    );
    expect(
      await b.db
        .select()
        .from(transfers)
        .where(and(eq(transfers.merchantId, b.key.merchantId), eq(transfers.amount, 3_000_000))),
    ).toHaveLength(0);
  });

  it("another merchant's approval request answers 404", async () => {
    const a = await business();
    const other = await business();
    const out = await sendOrRequestApproval(a.db, { ...a.scope, merchantName: "Approvals Co", userId: a.requester, actor, body: body(2_000_000) });
    const id = out.kind === "awaiting_approval" ? out.approval.id : "";
    expect(await refusal(decideApproval(a.db, { ...other.scope, id, decision: "approve", userId: other.approver, merchantName: "Other", actor }))).toBe(
      "404 NOT_FOUND",
    );
  });
});
