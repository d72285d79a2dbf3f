import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEncryptionKey } from "./secret-box";
import { prepareRequiredEnv, requiredEnvMessage, RequiredEnvError } from "./required-env";
import { CLI_TEST_TIMEOUT_MS } from "@/tests/owo-cli";

const ROOT = path.resolve(import.meta.dirname, "../..");
const KEY = Buffer.alloc(32, 7).toString("base64");
const PG = "postgres://owo@127.0.0.1:5432/owo";

let dir: string;
const savedDataDir = process.env.OWO_DATA_DIR;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-required-env-"));
  process.env.OWO_DATA_DIR = dir;
});
afterEach(() => {
  if (savedDataDir === undefined) delete process.env.OWO_DATA_DIR;
  else process.env.OWO_DATA_DIR = savedDataDir;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(
  "required secrets with DATABASE_URL (issue 14: a real deployment never runs on generated or constant secrets)",
  { timeout: CLI_TEST_TIMEOUT_MS },
  () => {
    it("one message names every missing variable and how to generate it", () => {
      const message = requiredEnvMessage({ DATABASE_URL: PG })!;
      expect(message.split("\n")[0]).toBe(
        "Owo cannot start: DATABASE_URL is set (a real deployment), so OWO_ENCRYPTION_KEY, OWO_IDENTITY_SECRET, AUTH_SECRET must be set too.",
      );
      for (const name of ["OWO_ENCRYPTION_KEY", "OWO_IDENTITY_SECRET", "AUTH_SECRET"])
        expect(message).toMatch(new RegExp(`^  ${name} is not set: .*openssl rand -base64 32`, "m"));
    });

    it("names only what is missing, and an encryption key that is not 32 bytes of base64 counts as missing", () => {
      const message = requiredEnvMessage({ DATABASE_URL: PG, OWO_ENCRYPTION_KEY: "c2hvcnQ=", AUTH_SECRET: "x".repeat(40) })!;
      expect(message).toContain("so OWO_ENCRYPTION_KEY, OWO_IDENTITY_SECRET must be set too");
      expect(message).toContain("OWO_ENCRYPTION_KEY is not 32 bytes of base64");
      expect(message).not.toContain("AUTH_SECRET is not set");
      expect(requiredEnvMessage({ DATABASE_URL: PG, OWO_ENCRYPTION_KEY: KEY, OWO_IDENTITY_SECRET: "i", AUTH_SECRET: "a" })).toBeNull();
    });

    it("prepareRequiredEnv throws with that message, generates nothing, and refuses an unknown sslmode", () => {
      const env: Record<string, string | undefined> = { DATABASE_URL: PG, AUTH_SECRET: "a" };
      expect(() => prepareRequiredEnv(env)).toThrow(RequiredEnvError);
      expect(env.OWO_ENCRYPTION_KEY).toBeUndefined();
      expect(fs.readdirSync(dir)).toEqual([]);
      const complete = { OWO_ENCRYPTION_KEY: KEY, OWO_IDENTITY_SECRET: "i", AUTH_SECRET: "a" };
      expect(() => prepareRequiredEnv({ ...complete, DATABASE_URL: `${PG}?sslmode=verify-fulll` })).toThrow(/unknown sslmode "verify-fulll"/);
      expect(() => prepareRequiredEnv({ ...complete, DATABASE_URL: PG })).not.toThrow();
    });
  },
);

describe("required secrets on the embedded trial (no DATABASE_URL)", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("each is generated once into .data/ (0600) and the same values come back on the next start", () => {
    const first: Record<string, string | undefined> = {};
    prepareRequiredEnv(first);
    expect("key" in parseEncryptionKey(first.OWO_ENCRYPTION_KEY)).toBe(true);
    expect(Buffer.from(first.OWO_ENCRYPTION_KEY!, "base64").toString("base64")).toBe(first.OWO_ENCRYPTION_KEY); // standard base64
    expect(first.OWO_IDENTITY_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(first.AUTH_SECRET!.length).toBeGreaterThanOrEqual(32);
    for (const f of ["encryption-key", "identity-secret", "auth-secret"]) expect(fs.statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
    const second: Record<string, string | undefined> = {};
    prepareRequiredEnv(second);
    expect(second).toEqual(first);
  });

  it("a value the operator sets wins, and an invalid encryption key is refused rather than replaced", () => {
    const env: Record<string, string | undefined> = { AUTH_SECRET: "mine" };
    prepareRequiredEnv(env);
    expect(env.AUTH_SECRET).toBe("mine");
    expect(() => prepareRequiredEnv({ OWO_ENCRYPTION_KEY: "not-a-key" })).toThrow(/OWO_ENCRYPTION_KEY is not 32 bytes of base64/);
  });
});

/** Runs a command with DATABASE_URL set and the encryption key missing. */
function runWithoutKey(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: PG, OWO_DATA_DIR: dir };
  delete env.OWO_ENCRYPTION_KEY;
  delete env.OWO_IDENTITY_SECRET;
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe("start-up refuses without the required secrets (a process, as an operator runs it)", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("`owo` exits non-zero naming the missing variables, before touching the database", async () => {
    const r = await runWithoutKey(["bin/owo.mjs", "ledger", "audit", "--json"]);
    expect(r.code).not.toBe(0);
    const { error } = JSON.parse(r.stdout.trim()) as { error: { code: string; message: string } };
    expect(error.code).toBe("CONFIGURATION_ERROR");
    expect(error.message).toContain("OWO_ENCRYPTION_KEY, OWO_IDENTITY_SECRET must be set too");
  });

  it("`npm start` (scripts/start.ts) exits non-zero with the message before building or migrating", async () => {
    const r = await runWithoutKey(["--import", "tsx", "scripts/start.ts"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Owo cannot start: DATABASE_URL is set (a real deployment), so OWO_ENCRYPTION_KEY, OWO_IDENTITY_SECRET must be set too.");
    expect(r.stdout).not.toContain("building");
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
