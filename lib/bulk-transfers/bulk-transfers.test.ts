import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, bulkTransferBatches, bulkTransferRows, memberships, transfers } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { isAppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { setApprovalThreshold } from "@/lib/transfers/transfer-approvals";
import { insertUser } from "@/lib/users/create-user";
import { balance, fundedKey } from "@/tests/transfers";
import { getBulkBatch } from "./bulk-batch-view";
import { BULK_LIMITS, bulkRowReference } from "./bulk-limits";
import { BULK_RESULT_HEADER, bulkResultCsv } from "./bulk-result-csv";
import { checkBulkFile } from "./check-bulk-file";
import { decideBulkBatch } from "./decide-bulk-batch";
import { processBulkBatch, processBulkBatches } from "./process-bulk-batches";
import { submitBulkBatch } from "./submit-bulk-batch";

/*
 * Bulk transfers from a CSV (issue 25 item 3): a file is checked row by row and refused while a
 * row is bad; a good one is one batch, paid once per row through the transfer path (its derived
 * references), whether resubmitted, processed twice at once or after a crash; above the approval
 * threshold it waits for another member; the result file says what became of each row.
 * Real PostgreSQL, the sandbox bank.
 */
const actor: Actor = { type: "user", ip: "198.51.100.21", userAgent: "vitest bulk" };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: unknown) => (isAppError(e) ? `${e.status} ${e.code}` : `threw ${String(e)}`),
  );

async function business(funds = 50_000_000) {
  const db = await getDb();
  const key = await fundedKey(funds);
  const [owner] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.merchantId, key.merchantId));
  const second = await insertUser(db, { email: `bulk-${randomBase62(8).toLowerCase()}@example.com`, password: "correct horse battery", name: null });
  await db.insert(memberships).values({ userId: second.id, merchantId: key.merchantId, role: "owner" });
  const scope = { merchantId: key.merchantId, mode: "test" as const };
  return { db, key, scope, uploader: owner!.userId, approver: second.id };
}

/** A good file: three recipients (a bank by code, one by name), amounts as people type them. Unique per call (its hash). */
const goodFile = (tag = randomBase62(6)) =>
  [
    "account_number,bank_code,bank,amount,narration,reference",
    `0123456789,058,,"₦25,000.50",Salary ${tag},SAL-${tag}-1`,
    `1234567890,,Zenith Bank,1500,Supplier ${tag},SAL-${tag}-2`,
    `2345678901,044,,100.05,,`,
  ].join("\r\n");

async function batchTransfers(merchantId: string, batchId: string) {
  const db = await getDb();
  return db
    .select()
    .from(transfers)
    .where(and(eq(transfers.merchantId, merchantId), like(transfers.merchantReference, `bulk-${batchId}-%`)));
}

describe("rule: a file is checked row by row, and a batch with a bad row is refused", () => {
  it("each bad row says why (amount, bank, account number, duplicates, limits, name enquiry); good rows carry the resolved name and fees", async () => {
    const file = [
      "Account Number,Bank Code,Amount (₦),Narration,Reference",
      "0123456789,058,12500,ok,R1",
      "0123456789,058,12.345,three decimals,R2",
      "0123456789,999,1000,unknown bank,R3",
      "12345,058,1000,short account,R4",
      "0123456789,058,12500,ok,R5", // same recipient, amount and narration as row 1
      "1234567890,058,1000,dup ref,R1",
      "1234567890,058,5000000.01,too large,R7",
      "1234567890,058,50,too small,R8",
      "0000000000,058,1000,not found,R9",
      "1234567890,058,abc,not an amount,R10",
    ].join("\n");
    const checked = await checkBulkFile("test", file);
    const problem = (row: number) => checked.rows.find((r) => r.row === row)!.problem;
    expect(problem(1)).toBeNull();
    expect(checked.rows[0]).toMatchObject({ amount: 1_250_000, bankName: "Guaranty Trust Bank", fees: 2_688 + 5_000 });
    expect(checked.rows[0]!.accountName).toBeTruthy();
    expect(problem(2)).toMatch(/at most two decimal/i);
    expect(problem(3)).toBe("Unknown bank code 999");
    expect(problem(4)).toMatch(/must be 10 digits/);
    expect(problem(5)).toBe("Same account, bank, amount and narration as row 1");
    expect(problem(6)).toBe("Reference R1 is also on row 1");
    expect(problem(7)).toMatch(/largest single transfer is ₦5,000,000\.00/);
    expect(problem(8)).toMatch(/smallest transfer is ₦100\.00/);
    expect(problem(9)).toBe("Account not found.");
    expect(problem(10)).toMatch(/Enter an amount in naira/);

    const b = await business();
    const err = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "bad.csv", text: file }).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe("VALIDATION_ERROR");
    expect(isAppError(err) && err.details).toContain("Row 3: Unknown bank code 999");
    expect(await b.db.select().from(bulkTransferBatches).where(eq(bulkTransferBatches.merchantId, b.key.merchantId))).toHaveLength(0);

    // Removing the bad rows (as the page lets the member do) leaves a batch of row 1 only.
    const batch = await submitBulkBatch(b.db, {
      ...b.scope,
      userId: b.uploader,
      actor,
      fileName: "bad.csv",
      text: file,
      removedRows: [2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
    expect(batch).toMatchObject({ rowCount: 1, totalAmount: 1_250_000, status: "queued" });
  });

  it("a file that is not a bulk file is refused whole: no columns, no rows, over the row cap, over the size cap", async () => {
    const refused = (text: string) =>
      checkBulkFile("test", text).then(
        () => "accepted",
        (e: unknown) => (isAppError(e) ? e.message : String(e)),
      );
    expect(await refused("")).toMatch(/empty/);
    expect(await refused("name,amount\nAda,100")).toMatch(/missing: account_number, bank_code \(or bank\)/);
    expect(await refused("account_number,bank_code,amount\n")).toMatch(/no transfers/);
    const many = ["account_number,bank_code,amount", ...Array.from({ length: BULK_LIMITS.maxRows + 1 }, (_, i) => `${String(1_000_000_000 + i)},058,100`)].join(
      "\n",
    );
    expect(await refused(many)).toMatch(/1,001 rows; at most 1,000/);
    expect(await refused(`account_number,bank_code,amount,narration\n${"0123456789,058,100,x\n".repeat(1)}${"#".repeat(BULK_LIMITS.maxBytes)}`)).toMatch(
      /larger than 512 KB/,
    );
  });
});

describe("rule: a good batch pays each row once, through the transfer path, by its derived reference", () => {
  it("is paid once per row, with the exact total debited; the same file again is refused; another pass pays nothing more", async () => {
    const b = await business();
    const before = await balance(b.key);
    const text = goodFile();
    const batch = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "salaries.csv", text });
    expect(batch).toMatchObject({ status: "queued", rowCount: 3, totalAmount: 2_500_050 + 150_000 + 10_005 });
    expect(await processBulkBatch(b.db, batch.id)).toBe(3);

    const sent = await batchTransfers(b.key.merchantId, batch.id);
    expect(sent.map((t) => t.merchantReference).sort()).toEqual([1, 2, 3].map((n) => bulkRowReference(batch.id, n)).sort());
    expect(sent.find((t) => t.merchantReference === bulkRowReference(batch.id, 2))).toMatchObject({
      recipientBankName: "Zenith Bank",
      amount: 150_000,
      narration: expect.stringMatching(/^Supplier/),
    });
    expect(await balance(b.key)).toBe(before - batch.totalAmount - batch.totalFees);
    const view = (await getBulkBatch(b.db, { ...b.scope, id: batch.id }))!;
    expect(view.batch.status).toBe("completed");
    expect(view.progress).toMatchObject({ sent: 3, failed: 0, pending: 0 });

    // Resubmitted (the same file, a retried click): refused, pointing at the batch.
    expect(await refusal(submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "salaries.csv", text }))).toBe("409 CONFLICT");
    // Two clicks at once: one batch.
    const again = goodFile();
    const clicks = await Promise.allSettled(
      [1, 2].map(() => submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "twice.csv", text: again })),
    );
    expect(clicks.filter((c) => c.status === "fulfilled")).toHaveLength(1);

    expect(await processBulkBatch(b.db, batch.id)).toBe(0);
    expect(await batchTransfers(b.key.merchantId, batch.id)).toHaveLength(3);
    const audits = await b.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, batch.id));
    expect(audits.map((a) => a.action).sort()).toEqual(["bulk_transfer.sent", "bulk_transfer.uploaded"]);
  });

  it("two processors at once, then a crash between the transfer and marking its row: still one transfer per row", async () => {
    const b = await business();
    const before = await balance(b.key);
    const batch = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "race.csv", text: goodFile() });
    await Promise.all([processBulkBatch(b.db, batch.id), processBulkBatch(b.db, batch.id), processBulkBatches(b.db)]);
    expect(await batchTransfers(b.key.merchantId, batch.id)).toHaveLength(3);

    // As if the process died after each transfer committed but before its row said so.
    await b.db.update(bulkTransferRows).set({ status: "pending", paidReference: null, leaseUntil: null }).where(eq(bulkTransferRows.batchId, batch.id));
    await b.db.update(bulkTransferBatches).set({ status: "processing" }).where(eq(bulkTransferBatches.id, batch.id));
    await Promise.all([processBulkBatch(b.db, batch.id), processBulkBatch(b.db, batch.id)]);
    const sent = await batchTransfers(b.key.merchantId, batch.id);
    expect(sent).toHaveLength(3);
    const rows = await b.db.select().from(bulkTransferRows).where(eq(bulkTransferRows.batchId, batch.id));
    expect(rows.every((r) => r.status === "sent" && sent.some((t) => t.reference === r.paidReference))).toBe(true);
    expect(await balance(b.key)).toBe(before - batch.totalAmount - batch.totalFees);
  });

  it("a wallet that cannot pay the batch's total with fees is refused at submission", async () => {
    const b = await business(2_000_000); // ₦20,000 against ₦26,600.55 and fees
    const err = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "broke.csv", text: goodFile() }).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe("INSUFFICIENT_FUNDS");
    expect(isAppError(err) && err.message).toMatch(/^This batch needs ₦26,\d{3}\.\d{2} with fees, but the wallet holds ₦20,000\.00/);
  });
});

describe("rule: above the approval threshold a batch waits for another member; never the uploader", () => {
  it("waits (nothing sent, even by the processor); the uploader is refused; another owner's approval sends it", async () => {
    const b = await business();
    await setApprovalThreshold(b.db, { ...b.scope, threshold: 1_000_000, actor });
    const batch = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "big.csv", text: goodFile() });
    expect(batch.status).toBe("awaiting_approval");
    await processBulkBatches(b.db);
    expect(await batchTransfers(b.key.merchantId, batch.id)).toHaveLength(0);

    expect(await refusal(decideBulkBatch(b.db, { ...b.scope, id: batch.id, decision: "approve", userId: b.uploader, actor }))).toBe("403 FORBIDDEN");
    const approved = await decideBulkBatch(b.db, { ...b.scope, id: batch.id, decision: "approve", userId: b.approver, actor });
    expect(approved).toMatchObject({ status: "queued", decidedBy: b.approver });
    expect(await refusal(decideBulkBatch(b.db, { ...b.scope, id: batch.id, decision: "reject", userId: b.approver, actor }))).toBe("400 INVALID_STATE");
    await processBulkBatch(b.db, batch.id);
    expect(await batchTransfers(b.key.merchantId, batch.id)).toHaveLength(3);
  });

  it("at or below the threshold it is queued at once; a rejected batch sends nothing; another business's batch is not found", async () => {
    const b = await business();
    await setApprovalThreshold(b.db, { ...b.scope, threshold: 3_000_000, actor });
    const small = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "small.csv", text: goodFile() });
    expect(small.status).toBe("queued");
    await setApprovalThreshold(b.db, { ...b.scope, threshold: 100_000, actor });
    const big = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "big.csv", text: goodFile() });
    const other = await business();
    expect(await refusal(decideBulkBatch(other.db, { ...other.scope, id: big.id, decision: "approve", userId: other.approver, actor }))).toBe("404 NOT_FOUND");
    expect(await decideBulkBatch(b.db, { ...b.scope, id: big.id, decision: "reject", userId: b.approver, actor })).toMatchObject({ status: "rejected" });
    await processBulkBatch(b.db, big.id);
    expect(await batchTransfers(b.key.merchantId, big.id)).toHaveLength(0);
    const audits = await b.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, big.id));
    expect(audits.map((a) => a.action).sort()).toEqual(["bulk_transfer.rejected", "bulk_transfer.uploaded"]);
  });
});

describe("rule: the result file says what became of every row", () => {
  it("one line per row: recipient, amount in naira, status, Owo's transfer reference, failure reason", async () => {
    const b = await business();
    const tag = randomBase62(6);
    const batch = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "result.csv", text: goodFile(tag) });
    await processBulkBatch(b.db, batch.id);
    const view = (await getBulkBatch(b.db, { ...b.scope, id: batch.id }))!;
    const lines = bulkResultCsv(view.rows).trimEnd().split("\r\n");
    expect(lines[0]).toBe(BULK_RESULT_HEADER.join(","));
    expect(lines).toHaveLength(4);
    const sent = await batchTransfers(b.key.merchantId, batch.id);
    const first = sent.find((t) => t.merchantReference === bulkRowReference(batch.id, 1))!;
    expect(lines[1]).toBe(
      `1,${first.recipientName},0123456789,Guaranty Trust Bank,25000.50,76.88,processing,${first.reference},${bulkRowReference(batch.id, 1)},SAL-${tag}-1,Salary ${tag},`,
    );
    expect(lines[3]).toMatch(/^3,.*,2345678901,Access Bank,100\.05,/);
  });

  it("a row the transfer path refuses is failed with its reason, the others still sent", async () => {
    const b = await business();
    const batch = await submitBulkBatch(b.db, { ...b.scope, userId: b.uploader, actor, fileName: "drained.csv", text: goodFile() });
    // Row 1 grown to the whole balance after submission: with its fees it no longer fits the wallet.
    const whole = await balance(b.key);
    await b.db
      .update(bulkTransferRows)
      .set({ amount: whole })
      .where(and(eq(bulkTransferRows.batchId, batch.id), eq(bulkTransferRows.rowNumber, 1)));
    await processBulkBatch(b.db, batch.id);
    const view = (await getBulkBatch(b.db, { ...b.scope, id: batch.id }))!;
    expect(view.rows[0]).toMatchObject({ status: "failed", transferReference: null });
    expect(view.rows[0]!.failureReason).toMatch(/insufficient|balance/i);
    expect(view.progress).toMatchObject({ sent: 2, failed: 1, pending: 0 });
    expect(bulkResultCsv(view.rows).split("\r\n")[1]).toMatch(/,failed,,bulk-.*,[^,]*(insufficient|balance)[^,]*$/i);
  });
});
