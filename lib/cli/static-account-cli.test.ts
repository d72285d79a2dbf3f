import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { setStaticAccounts } from "@/lib/merchants/set-static-accounts";
import { createStaticAccount } from "@/lib/static-accounts/create-static-account";
import { enableStaticAccount } from "@/lib/static-accounts/change-static-account-status";
import { getStaticAccountOrThrow } from "@/lib/static-accounts/get-static-account";
import { makeMerchant } from "@/tests/factories";
import { runOwo, CLI_TEST_TIMEOUT_MS } from "@/tests/owo-cli";

let dataDir: string;

const owo = (...args: string[]) => runOwo(dataDir, args);

// The CLI is another process: it can only share a PostgreSQL server, not in-memory PGlite.
describe.skipIf(!process.env.DATABASE_URL)("owo static-account suspend --id (supplement §8)", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-cli-sa-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("prints the Static NGN account JSON with status suspended; the merchant can no longer enable it", async () => {
    const { merchant } = await makeMerchant();
    const db = await getDb();
    await setStaticAccounts(db, { merchantId: merchant.id, staticAccounts: "enabled", actor: CLI_ACTOR });
    const account = await createStaticAccount(db, {
      merchantId: merchant.id,
      mode: "test",
      keyPairId: null,
      body: { customer_name: "Musa Bello", identity_type: "nin", identity_number: "12345678901", reference: `cli-${randomBase62(8)}` },
    });
    const r = await owo("static-account", "suspend", "--id", account.id);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ id: account.id, status: "suspended", account_number: account.accountNumber, identity_number_masked: "*******8901" });
    expect(r.json).not.toHaveProperty("identity_number");
    const target = { merchantId: merchant.id, mode: "test" as const, id: account.id };
    expect((await getStaticAccountOrThrow(db, target)).status).toBe("suspended");
    await expect(enableStaticAccount(db, target)).rejects.toMatchObject({ code: "ACCOUNT_SUSPENDED" });
  });

  it("an unknown id is NOT_FOUND (exit 1); --id is required (usage, exit 2)", async () => {
    const missing = await owo("static-account", "suspend", "--id", "sa_nope");
    expect(missing.code).toBe(1);
    expect(missing.json).toMatchObject({ error: { code: "NOT_FOUND" } });
    const usage = await owo("static-account", "suspend");
    expect(usage.code).toBe(2);
    expect(usage.json).toMatchObject({ error: { code: "USAGE" } });
  });
});
