import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
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

describe("secrets in logs", () => {
  it("secret keys never appear in what the server logs, even when a request with one fails", async () => {
    const { route } = await import("@/lib/http/route");
    const key = await makeKey();
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    const spies = [vi.spyOn(console, "error").mockImplementation(capture), vi.spyOn(console, "log").mockImplementation(capture), vi.spyOn(console, "warn").mockImplementation(capture)];
    const prevQuiet = process.env.OWO_QUIET;
    delete process.env.OWO_QUIET;
    try {
      const crashing = route({ keys: "secret" }, async () => {
        throw new Error("boom while handling");
      });
      const ctx = { params: Promise.resolve({}) };
      const res = await crashing(new Request("http://localhost/v1/x", { headers: { "x-api-key": key.secretKey } }), ctx);
      expect(res.status).toBe(500);
      await crashing(new Request("http://localhost/v1/x", { headers: { authorization: `Bearer ${key.secretKey.slice(0, -1)}X` } }), ctx);
    } finally {
      spies.forEach((s) => s.mockRestore());
      if (prevQuiet !== undefined) process.env.OWO_QUIET = prevQuiet;
    }
    // The 500 was logged (with its cause), so the capture works; the key is nowhere in it.
    expect(lines.join("\n")).toContain("boom while handling");
    expect(lines.join("\n")).not.toContain(key.secretKey);
    expect(lines.join("\n")).not.toContain(key.secretKey.slice(8));
  });
});
