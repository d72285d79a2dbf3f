import { sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { describe, expect, it } from "vitest";
import { getDb, preparedRows, queryRows } from "@/db/client";
import { Params } from "@/db/params";
import { randomBase62 } from "@/lib/ids";
import { ensureAccount } from "@/lib/ledger/accounts";
import { ledgerEntryCtes } from "./ledger-entry";

// Issue 28 item 2: a fragment that emits CTEs takes a prefix for their names, so one statement
// can carry two ledger entries (before, every entry's CTEs were named `e`, `v`, `locked`,
// `moved`, `posted`, and a second one in the same statement was a duplicate-name error).

const balanceOf = async (id: string) =>
  Number((await queryRows<{ balance: string }>(await getDb(), sql`select balance from ledger_accounts where id = ${id}::uuid`))[0]!.balance);

async function accounts(t: string) {
  const db = await getDb();
  return Promise.all(
    [0, 1, 2, 3].map((i) => ensureAccount(db, { code: `test:${t}:${i}`, mode: "test", kind: i < 2 ? "bank_clearing" : "wallet", allowNegative: i < 2 })),
  );
}

const entry = (reference: string, from: string, to: string, amount: number) => ({
  id: uuidv7(),
  input: { reference, mode: "test" as const, kind: "test", moves: [{ from, to, amount }] },
});

describe("ledgerEntryCtes: one statement, two entries", () => {
  it("posts both entries of one statement under their own prefixes, each with its own guard column", async () => {
    const db = await getDb();
    const t = randomBase62(10);
    const [s1, s2, a, b] = await accounts(t);
    const p = new Params();
    const first = ledgerEntryCtes(p, entry(`two_${t}_1`, s1!.id, a!.id, 500), { prefix: "first_" });
    const second = ledgerEntryCtes(p, entry(`two_${t}_2`, s2!.id, b!.id, 200), { prefix: "second_", gate: first.entry });
    expect(first.entry).not.toBe(second.entry);
    const [row] = await preparedRows<{ first_posted: number; second_posted: number }>(
      db,
      `with ${first.ctes}, ${second.ctes} select ${first.guard}, ${second.guard}`,
      p.values,
    );
    expect(row).toEqual({ first_posted: 2, second_posted: 2 });
    expect(await Promise.all([s1, s2, a, b].map((x) => balanceOf(x!.id)))).toEqual([-500, -200, 500, 200]);
  });

  it("two entries moving one account in one statement fail it whole (a row is updated once per statement): the guard, not half an entry", async () => {
    const db = await getDb();
    const t = randomBase62(10);
    const [s1, , a, b] = await accounts(t);
    const p = new Params();
    const first = ledgerEntryCtes(p, entry(`clash_${t}_1`, s1!.id, a!.id, 500), { prefix: "first_" });
    const second = ledgerEntryCtes(p, entry(`clash_${t}_2`, a!.id, b!.id, 200), { prefix: "second_" });
    await expect(preparedRows(db, `with ${first.ctes}, ${second.ctes} select ${first.guard}, ${second.guard}`, p.values)).rejects.toThrow(
      /posting to an account that does not exist/,
    );
    expect(await Promise.all([s1, a, b].map((x) => balanceOf(x!.id)))).toEqual([0, 0, 0]);
  });
});
