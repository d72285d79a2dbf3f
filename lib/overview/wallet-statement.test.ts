import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { journalEntries, postings } from "@/db/schema";
import { parseCsv } from "@/lib/csv";
import { lagosDay } from "@/lib/lagos-day";
import { walkList } from "@/lib/lists/paging";
import { getWalletPayId } from "@/lib/payids/find-pay-id";
import { receivePayment } from "@/lib/payments/receive-payment";
import { decideTestRefund } from "@/lib/refunds/decide-test-refund";
import { requestPaymentRefund } from "@/lib/refunds/request-payment-refund";
import { makeMerchant } from "@/tests/factories";
import { listWalletStatement, parseWalletStatementSearch } from "./wallet-statement";
import { walletStatementCsvStream } from "./wallet-statement-csv";

const DAY = 24 * 60 * 60 * 1000;

/** A wallet with three payments in: one made `daysAgo` days back (its posting moved there), two today, one of them refunded. */
async function walletWithHistory(daysAgo: number) {
  const { merchant } = await makeMerchant();
  const db = await getDb();
  const scope = { merchantId: merchant.id, mode: "test" as const };
  const wallet = (await getWalletPayId(db, scope))!;
  const pay = (amount: number, name: string) =>
    db.transaction((tx) => receivePayment(tx, { destination: { kind: "pay_id", payId: wallet }, amount, payer: { name } }));
  const old = await pay(100_000, "Old Payer");
  const back = new Date(Date.now() - daysAgo * DAY);
  const [entry] = await db.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.reference, old.reference));
  await db.update(postings).set({ createdAt: back }).where(eq(postings.entryId, entry!.id));
  await pay(200_000, "Ngozi Eze");
  const refunded = await pay(300_000, "Bola Ade");
  const { refund } = await requestPaymentRefund(db, { ...scope, reference: refunded.reference, amount: 50_000 });
  await decideTestRefund(db, { ...scope, refundId: refund.id, decision: "approve" });
  return { db, scope, back };
}

/** The Balance page's statement (issue 26): filtered by Lagos days, paged with its total, exported as CSV. */
describe("wallet statement", () => {
  it("from/to keep the lines of those Lagos days only; an empty range answers none", async () => {
    const { db, scope, back } = await walletWithHistory(5);
    const all = await listWalletStatement(db, { ...scope, page: 1, page_size: 25 });
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const today = lagosDay();
    const onlyToday = await listWalletStatement(db, { ...scope, page: 1, page_size: 25, from: today, to: today });
    expect(onlyToday.total).toBe(all.total - 1);
    expect(onlyToday.items.every((l) => lagosDay(new Date(l.createdAt)) === today)).toBe(true);
    const thatDay = await listWalletStatement(db, { ...scope, page: 1, page_size: 25, from: lagosDay(back), to: lagosDay(back) });
    expect(thatDay.items.map((l) => l.amount)).toEqual([100_000]);
    const before = await listWalletStatement(db, { ...scope, page: 1, page_size: 25, to: lagosDay(new Date(back.getTime() - DAY)) });
    expect(before).toMatchObject({ items: [], total: 0 });
  });

  it("pages newest first with the total; another mode or merchant sees nothing of it", async () => {
    const { db, scope } = await walletWithHistory(2);
    const all = await listWalletStatement(db, { ...scope, page: 1, page_size: 100 });
    const first = await listWalletStatement(db, { ...scope, page: 1, page_size: 2 });
    const second = await listWalletStatement(db, { ...scope, page: 2, page_size: 2 });
    expect(first).toMatchObject({ total: all.total, page: 1, total_pages: Math.ceil(all.total / 2) });
    expect([...first.items, ...second.items].map((l) => l.postingId)).toEqual(all.items.slice(0, 4).map((l) => l.postingId));
    expect(all.items.map((l) => l.postingId)).toEqual([...all.items.map((l) => l.postingId)].sort((a, b) => b - a));
    expect((await listWalletStatement(db, { ...scope, mode: "live", page: 1, page_size: 25 })).total).toBe(0);
    const other = await makeMerchant();
    expect(
      (await listWalletStatement(db, { merchantId: other.merchant.id, mode: "test", page: 1, page_size: 25 })).items.map((l) => l.postingId),
    ).not.toContain(all.items[0]!.postingId);
  });

  it("the CSV export walks the filtered statement whole: words, money in and out as positive naira, the balance after", async () => {
    const { db, scope } = await walletWithHistory(3);
    const today = lagosDay();
    const walk = walkList(
      (page) => listWalletStatement(db, { ...scope, from: today, ...page }),
      (l) => String(l.postingId),
      10_000,
      2,
    );
    const text = await new Response(walletStatementCsvStream(walk)).text();
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["date", "description", "money_in_naira", "money_out_naira", "balance_after_naira", "reference"]);
    const listed = await listWalletStatement(db, { ...scope, page: 1, page_size: 100, from: today });
    expect(rows).toHaveLength(listed.total);
    expect(rows.map((r) => r[5])).toEqual(listed.items.map((l) => l.reference));
    const refundLine = rows.find((r) => r[1] === "Refund to a payer")!;
    expect(refundLine[2]).toBe("");
    expect(refundLine[3]).toMatch(/^\d+\.\d\d$/);
    expect(rows.find((r) => r[1]!.includes("Ngozi Eze"))).toMatchObject({ 2: "2000.00", 3: "" });
    expect(rows.some((r) => r[1]!.includes("Old Payer"))).toBe(false);
  });

  it("a bad date or page in the URL drops that filter only", () => {
    expect(parseWalletStatementSearch({ from: "2026-13-45", to: "2026-11-02", page: "x" })).toMatchObject({ from: undefined, to: "2026-11-02", page: 1 });
  });
});
