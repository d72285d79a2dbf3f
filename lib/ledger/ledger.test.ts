import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db/client";
import { randomBase62 } from "@/lib/ids";
import { withScratchDatabase } from "@/tests/scratch-database";
import { ensureAccount } from "./accounts";
import { auditLedger } from "./audit-ledger";
import { netPostings, postEntry } from "./post-entry";
import { reverseEntry } from "./reverse-entry";
import { accountStatement } from "./statement";

const tag = () => randomBase62(10);

async function accounts(n: number, opts: { allowNegative: boolean }) {
  const db = await getDb();
  const t = tag();
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      ensureAccount(db, { code: `test:${t}:${i}`, mode: "test", kind: opts.allowNegative ? "bank_clearing" : "wallet", allowNegative: opts.allowNegative }),
    ),
  );
}

async function balanceOf(id: string): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(await getDb(), sql`select balance from ledger_accounts where id = ${id}::uuid`);
  return Number(row!.balance);
}

describe("ledger: double entry in integer kobo", () => {
  it("an entry moves money between accounts, its postings sum to zero and balances follow", async () => {
    const db = await getDb();
    const [source] = await accounts(1, { allowNegative: true });
    const [a, b] = await accounts(2, { allowNegative: false });
    await db.transaction((tx) =>
      postEntry(tx, {
        reference: `ref_${tag()}`,
        mode: "test",
        kind: "test",
        moves: [
          { from: source!.id, to: a!.id, amount: 10_000 },
          { from: a!.id, to: b!.id, amount: 2_500 },
        ],
      }),
    );
    expect(await balanceOf(source!.id)).toBe(-10_000);
    expect(await balanceOf(a!.id)).toBe(7_500);
    expect(await balanceOf(b!.id)).toBe(2_500);
  });

  it("amounts must be positive integers of kobo and a move needs two accounts", () => {
    expect(() => netPostings([{ from: "a", to: "b", amount: 1.5 }])).toThrow();
    expect(() => netPostings([{ from: "a", to: "b", amount: 0 }])).toThrow();
    expect(() => netPostings([{ from: "a", to: "b", amount: -5 }])).toThrow();
    expect(() => netPostings([{ from: "a", to: "a", amount: 5 }])).toThrow();
  });

  it("posting the same reference twice books it once (idempotent)", async () => {
    const db = await getDb();
    const [source] = await accounts(1, { allowNegative: true });
    const [a] = await accounts(1, { allowNegative: false });
    const reference = `ref_${tag()}`;
    const entry = { reference, mode: "test" as const, kind: "test", moves: [{ from: source!.id, to: a!.id, amount: 500 }] };
    const first = await db.transaction((tx) => postEntry(tx, entry));
    const second = await db.transaction((tx) => postEntry(tx, entry));
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.entry.id).toBe(first.entry.id);
    expect(await balanceOf(a!.id)).toBe(500);
  });

  it("an overdraft is refused with INSUFFICIENT_FUNDS and the whole transaction changes nothing", async () => {
    const db = await getDb();
    const [source] = await accounts(1, { allowNegative: true });
    const [a, b] = await accounts(2, { allowNegative: false });
    await db.transaction((tx) =>
      postEntry(tx, { reference: `ref_${tag()}`, mode: "test", kind: "test", moves: [{ from: source!.id, to: a!.id, amount: 1_000 }] }),
    );
    const reference = `ref_${tag()}`;
    await expect(
      db.transaction((tx) => postEntry(tx, { reference, mode: "test", kind: "test", moves: [{ from: a!.id, to: b!.id, amount: 1_001 }] })),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 400 });
    expect(await balanceOf(a!.id)).toBe(1_000);
    expect(await balanceOf(b!.id)).toBe(0);
    const [gone] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from journal_entries where reference = ${reference}`);
    expect(gone!.n).toBe(0);
  });

  it("an entry naming an account that does not exist fails in its own statement: no entry, no posting, no balance moved", async () => {
    const db = await getDb();
    const [source] = await accounts(1, { allowNegative: true });
    const reference = `ref_${tag()}`;
    const missing = "00000000-0000-7000-8000-000000000000";
    // Even without a transaction around it (one statement is its own), nothing half-posted commits.
    await expect(postEntry(db, { reference, mode: "test", kind: "test", moves: [{ from: source!.id, to: missing, amount: 700 }] })).rejects.toThrow(
      "ledger: posting to an account that does not exist",
    );
    expect(await balanceOf(source!.id)).toBe(0);
    const [gone] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from journal_entries where reference = ${reference}`);
    expect(gone!.n).toBe(0);
  });

  it("a reversal is a mirrored entry: balances return, the original is untouched, reversing twice books once", async () => {
    const db = await getDb();
    const [source] = await accounts(1, { allowNegative: true });
    const [a, b] = await accounts(2, { allowNegative: false });
    const { entry } = await db.transaction((tx) =>
      postEntry(tx, {
        reference: `ref_${tag()}`,
        mode: "test",
        kind: "test",
        moves: [
          { from: source!.id, to: a!.id, amount: 9_000 },
          { from: source!.id, to: b!.id, amount: 1_000 },
        ],
      }),
    );
    const reversalRef = `rev_${tag()}`;
    const r1 = await db.transaction((tx) => reverseEntry(tx, { entryId: entry.id, reference: reversalRef, kind: "reversal" }));
    const r2 = await db.transaction((tx) => reverseEntry(tx, { entryId: entry.id, reference: reversalRef, kind: "reversal" }));
    expect(r1.created).toBe(true);
    expect(r2.created).toBe(false);
    expect(r1.entry.reversesEntryId).toBe(entry.id);
    expect([await balanceOf(source!.id), await balanceOf(a!.id), await balanceOf(b!.id)]).toEqual([0, 0, 0]);
    const lines = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from postings where entry_id = ${entry.id}::uuid`);
    expect(lines[0]!.n).toBe(3);
  });

  it("a statement lists postings newest first with the balance right after each", async () => {
    const db = await getDb();
    const [source] = await accounts(1, { allowNegative: true });
    const [a, b] = await accounts(2, { allowNegative: false });
    for (const amount of [1_000, 2_000]) {
      await db.transaction((tx) => postEntry(tx, { reference: `ref_${tag()}`, mode: "test", kind: "test", moves: [{ from: source!.id, to: a!.id, amount }] }));
    }
    await db.transaction((tx) => postEntry(tx, { reference: `ref_${tag()}`, mode: "test", kind: "test", moves: [{ from: a!.id, to: b!.id, amount: 500 }] }));
    const lines = await accountStatement(db, { accountId: a!.id });
    expect(lines.map((l) => [l.amount, l.balanceAfter])).toEqual([
      [-500, 2_500],
      [2_000, 3_000],
      [1_000, 1_000],
    ]);
  });

  it("200 parallel debits from a wallet that can afford exactly 100: exactly 100 succeed, balance 0, never negative", async () => {
    const db = await getDb();
    const [source] = await accounts(1, { allowNegative: true });
    const [wallet, sink] = await accounts(2, { allowNegative: false });
    await db.transaction((tx) =>
      postEntry(tx, { reference: `ref_${tag()}`, mode: "test", kind: "test", moves: [{ from: source!.id, to: wallet!.id, amount: 100 * 1_000 }] }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        db.transaction((tx) =>
          postEntry(tx, { reference: `ref_${tag()}`, mode: "test", kind: "debit", moves: [{ from: wallet!.id, to: sink!.id, amount: 1_000 }] }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toBe(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await balanceOf(wallet!.id)).toBe(0);
    expect(await balanceOf(sink!.id)).toBe(100_000);
    const [min] = await queryRows<{ m: string }>(db, sql`select min(balance_after) as m from postings where account_id = ${wallet!.id}::uuid`);
    expect(Number(min!.m)).toBeGreaterThanOrEqual(0);
  });

  it("property: random entries posted concurrently keep every invariant the audit checks", async () => {
    const db = await getDb();
    const sources = await accounts(2, { allowNegative: true });
    const wallets = await accounts(4, { allowNegative: false });
    const all = [...sources, ...wallets];
    const moveArb = fc
      .record({ from: fc.nat(all.length - 1), to: fc.nat(all.length - 1), amount: fc.integer({ min: 1, max: 50_000 }) })
      .filter((m) => m.from !== m.to);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(moveArb, { minLength: 1, maxLength: 4 }), { minLength: 5, maxLength: 25 }), async (entries) => {
        const before = await Promise.all(all.map((a) => balanceOf(a.id)));
        const references = entries.map(() => `prop_${tag()}`);
        const results = await Promise.allSettled(
          entries.map((moves, i) =>
            db.transaction((tx) =>
              postEntry(tx, {
                reference: references[i]!,
                mode: "test",
                kind: "property",
                moves: moves.map((m) => ({ from: all[m.from]!.id, to: all[m.to]!.id, amount: m.amount })),
              }),
            ),
          ),
        );
        const expected = [...before];
        for (const [i, r] of results.entries()) {
          const [booked] = await queryRows<{ n: number; total: string | null }>(
            db,
            sql`select count(p.*)::int as n, sum(p.amount)::bigint::text as total from journal_entries e left join postings p on p.entry_id = e.id where e.reference = ${references[i]!}`,
          );
          if (r.status === "rejected") {
            // The only refusal: an overdraft of an account that may not go negative (a wallet),
            // and it left nothing behind.
            expect(r.reason).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 400 });
            expect(entries[i]!.some((m) => m.from >= sources.length)).toBe(true);
            expect(booked!.n).toBe(0);
          } else {
            // Accepted: booked once, its postings sum to zero, and its moves are in the balances.
            expect(booked!.n).toBeGreaterThan(0);
            expect(Number(booked!.total)).toBe(0);
            for (const m of entries[i]!) {
              expected[m.from]! -= m.amount;
              expected[m.to]! += m.amount;
            }
          }
        }
        expect(await Promise.all(all.map((a) => balanceOf(a.id)))).toEqual(expected);
        const audit = await auditLedger(db);
        expect(audit).toMatchObject({ ok: true, imbalance: 0, unbalancedEntries: 0, mismatchedAccounts: 0 });
        for (const w of wallets) expect(await balanceOf(w.id)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 15 },
    );
  });

  it.skipIf(!process.env.DATABASE_URL)("the audit notices a stored balance that disagrees with its postings", async () => {
    await withScratchDatabase(async (db) => {
      const source = await ensureAccount(db, { code: "s", mode: "test", kind: "bank_clearing", allowNegative: true });
      const wallet = await ensureAccount(db, { code: "w", mode: "test", kind: "wallet" });
      await db.transaction((tx) => postEntry(tx, { reference: "r1", mode: "test", kind: "test", moves: [{ from: source.id, to: wallet.id, amount: 700 }] }));
      expect(await auditLedger(db)).toMatchObject({ ok: true, accounts: 2, transactions: 1, imbalance: 0 });
      await db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${wallet.id}::uuid`);
      expect(await auditLedger(db)).toMatchObject({ ok: false, mismatchedAccounts: 2 });
      await db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${wallet.id}::uuid`);
      await db.execute(sql`alter table postings drop constraint postings_non_zero`);
      await db.execute(sql`insert into postings (entry_id, account_id, amount, balance_after) select id, ${source.id}::uuid, 5, -695 from journal_entries`);
      const broken = await auditLedger(db);
      expect(broken).toMatchObject({ ok: false, imbalance: 5, unbalancedEntries: 1 });
    });
  });
});
