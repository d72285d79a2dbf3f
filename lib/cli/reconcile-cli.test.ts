import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDay } from "@/lib/lagos-day";
import { startPaystackSimulator } from "@/lib/rails/paystack";
import { SimControlClient } from "@/lib/rails/simulator/sim-control";
import type { SimServer } from "@/lib/rails/simulator/sim-server";
import { SIMULATORS } from "@/lib/rails/simulator/simulators";
import { runOwo, CLI_TEST_TIMEOUT_MS } from "@/tests/owo-cli";

const KEYS = [
  "rail",
  "date",
  "lines",
  "matched",
  "booked",
  "unknown_inbound",
  "status_applied",
  "missing_at_provider",
  "amount_mismatch",
  "unexpected_debit",
  "provider_balance",
  "ledger_balance",
];

// The CLI is another process: it shares the PostgreSQL server, and reaches the simulator over HTTP.
describe.skipIf(!process.env.DATABASE_URL)("owo reconcile run (supplement §12)", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  let dataDir: string;
  let sim: SimServer;
  const day = lagosDay();
  const owo = (env: Record<string, string>, ...args: string[]) => runOwo(dataDir, ["reconcile", "run", ...args], { OWO_RAILS: "paystack", ...env });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-reconcile-cli-"));
    sim = await startPaystackSimulator({ webhookUrl: null });
  });
  afterAll(async () => {
    await sim?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints one object with exactly §12's fields; every provider line has one outcome; exit 0 whatever it found", async () => {
    // Money at the provider for an account Owo does not know (its webhook never came).
    await new SimControlClient(sim.url).pay({ account_number: "9900000033", amount: 70_000 });
    const { code, json } = await owo(SIMULATORS.paystack.env(sim.url), "--rail", "paystack", "--date", day);
    expect(code).toBe(0);
    expect(Object.keys(json).sort()).toEqual([...KEYS].sort());
    expect(json).toMatchObject({ rail: "paystack", date: day });
    const n = (k: string) => json[k] as number;
    expect(n("unknown_inbound")).toBeGreaterThanOrEqual(1);
    expect(n("matched") + n("booked") + n("unknown_inbound") + n("status_applied") + n("amount_mismatch") + n("unexpected_debit")).toBe(n("lines"));
    expect(typeof json.provider_balance).toBe("number");
    expect(typeof json.ledger_balance).toBe("number");
  });

  it("with --file, the file's lines; provider_balance is null (the file has none)", async () => {
    const file = path.join(dataDir, "paystack.csv");
    fs.writeFileSync(file, 'Reference,Amount,Status,Paid At,Type\r\nNOSUCHREF123,"1,000.00",success,2031-01-01 10:00:00,credit\r\n');
    const { code, json } = await owo(SIMULATORS.paystack.env(sim.url), "--rail", "paystack", "--date", day, "--file", file);
    expect(code).toBe(0);
    expect(json).toMatchObject({ lines: 1, amount_mismatch: 1, booked: 0, provider_balance: null });
  });

  it("exits non-zero when it could not run: the rail unreachable, a bad file, a bad date", async () => {
    const unreachable = await owo(
      { ...SIMULATORS.paystack.env("http://127.0.0.1:9"), PAYSTACK_BASE_URL: "http://127.0.0.1:9" },
      "--rail",
      "paystack",
      "--date",
      "2030-01-02",
    );
    expect(unreachable.code).not.toBe(0);
    expect(unreachable.json).toHaveProperty("error");
    const bad = path.join(dataDir, "bad.csv");
    fs.writeFileSync(bad, "Reference,Amount\r\nT1,lots\r\n");
    const badFile = await owo(SIMULATORS.paystack.env(sim.url), "--rail", "paystack", "--date", day, "--file", bad);
    expect(badFile.code).not.toBe(0);
    expect(JSON.stringify(badFile.json), JSON.stringify(badFile.json)).toMatch(/Row 2: the amount \\"lots\\" is not a naira amount/);
    const badDate = await owo(SIMULATORS.paystack.env(sim.url), "--rail", "paystack", "--date", "yesterday");
    expect(badDate.code).not.toBe(0);
  });
});
