import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { rollSecretKey } from "@/lib/keys/roll-secret-key";
import { makeKey, makeMerchant } from "@/tests/factories";

const run = promisify(execFile);
const PG_DUMP = fs.existsSync("/usr/bin/pg_dump") ? "/usr/bin/pg_dump" : "pg_dump";

/** The whole database as SQL text (schema and every row). */
async function dumpDatabase(): Promise<string> {
  const { stdout } = await run(PG_DUMP, ["--no-owner", "--no-privileges", `--dbname=${process.env.DATABASE_URL}`], {
    maxBuffer: 512 * 1024 * 1024,
  });
  return stdout;
}

describe("secrets at rest", () => {
  // With the in-memory PGlite fallback there is no server to dump.
  it.skipIf(!process.env.DATABASE_URL)("secret keys never appear in the database in clear", async () => {
    const merchant = await makeMerchant();
    const testKey = await makeKey({ merchantId: merchant.merchant.id, mode: "test" });
    const liveKey = await makeKey({ merchantId: merchant.merchant.id, mode: "live" });
    const other = await makeKey({ config: { webhookUrl: "http://localhost:3000/hook", allowedDomains: ["shop.example.com"] } });
    const rolled = await rollSecretKey(await getDb(), {
      merchantId: merchant.merchant.id,
      mode: "test",
      keyPairId: testKey.keyPair.id,
      actor: CLI_ACTOR,
    });

    const dump = await dumpDatabase();

    // The dump is real and the search can find things: the public keys are in it.
    expect(dump).toContain("api_key_pairs");
    for (const k of [testKey, liveKey, other]) expect(dump).toContain(k.publicKey);

    for (const secret of [testKey.secretKey, liveKey.secretKey, other.secretKey, rolled.secretKey]) {
      expect(dump).not.toContain(secret);
      // Not even the random part on its own (e.g. stored without its prefix).
      expect(dump).not.toContain(secret.slice(-40));
    }
    // No full secret key of anyone, anywhere in the database.
    expect(dump.match(/sk_(test|live)_[0-9A-Za-z]{40}/g)).toBeNull();
  });
});
