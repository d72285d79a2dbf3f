import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { createAdmin } from "@/lib/admin/create-admin";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { verifyPassword } from "@/lib/users/password";
import { insertUser } from "@/lib/users/create-user";
import { withScratchDatabase } from "@/tests/scratch-database";
import { DEMO, demoSeedAllowed, seedDemo } from "./seed-demo";
import { startBanner } from "./start-banner";
import { CLI_TEST_TIMEOUT_MS } from "@/tests/owo-cli";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OLD_FIXED = ["owo-demo-password", "owo-admin-password"];
// The demo history is checked in seed-history.test.ts, on the worker's own database: the ledger's
// account ids are remembered per process, for one database, not for these scratch ones.
const NO_HISTORY = { history: false } as const;

let dir: string;
const saved = { OWO_DATA_DIR: process.env.OWO_DATA_DIR, OWO_SEED_DEMO: process.env.OWO_SEED_DEMO };
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-seed-"));
  process.env.OWO_DATA_DIR = dir;
  process.env.OWO_SEED_DEMO = "1";
});
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const userRow = async (db: Parameters<Parameters<typeof withScratchDatabase>[0]>[0], email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0];

describe("demo data: nothing known, nothing by accident (issue 14)", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("is seeded on the embedded database or with OWO_SEED_DEMO=1, never by default with DATABASE_URL", () => {
    expect(demoSeedAllowed({})).toBe(true);
    expect(demoSeedAllowed({ DATABASE_URL: "postgres://x@db/owo" })).toBe(false);
    expect(demoSeedAllowed({ DATABASE_URL: "postgres://x@db/owo", OWO_SEED_DEMO: "1" })).toBe(true);
  });

  it("with DATABASE_URL and without OWO_SEED_DEMO the seed is refused and creates nothing", async () => {
    delete process.env.OWO_SEED_DEMO;
    await withScratchDatabase(async (db) => {
      await expect(seedDemo(db, NO_HISTORY)).rejects.toThrow(/OWO_SEED_DEMO=1/);
      expect(await db.select().from(users)).toEqual([]);
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("demo passwords are random, work, are kept 0600 in .data/, and re-seeding changes none of them", async () => {
    await withScratchDatabase(async (db) => {
      const first = await seedDemo(db, NO_HISTORY);
      const passwords = [first.business.password, first.personal.password, first.admin.password];
      for (const p of passwords) {
        expect(p).toMatch(/^[A-Za-z0-9_-]{20}$/);
        expect(OLD_FIXED).not.toContain(p);
      }
      expect(new Set(passwords).size).toBe(3);
      for (const [email, password] of [
        [DEMO.business.email, first.business.password],
        [DEMO.personal.email, first.personal.password],
        [DEMO.admin.email, first.admin.password],
      ] as const) {
        expect(await verifyPassword((await userRow(db, email))!.passwordHash, password!)).toBe(true);
      }
      const file = path.join(dir, "demo-passwords.json");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, "utf8")).toContain(first.admin.password!);
      const hashesBefore = (await db.select().from(users)).map((u) => u.passwordHash).sort();

      const second = await seedDemo(db, NO_HISTORY);
      expect([second.business.password, second.personal.password, second.admin.password]).toEqual(passwords);
      expect(second.test_keys).toEqual(first.test_keys);
      expect((await db.select().from(users)).map((u) => u.passwordHash).sort()).toEqual(hashesBefore);
    });
  });

  it("an existing user with the admin's email is never promoted nor given a new password by the seed", async () => {
    await withScratchDatabase(async (db) => {
      const existing = await insertUser(db, { email: DEMO.admin.email, password: "the owner's own password" });
      const result = await seedDemo(db, NO_HISTORY);
      const after = await userRow(db, DEMO.admin.email);
      expect(after!.isAdmin).toBe(false);
      expect(after!.passwordHash).toBe(existing.passwordHash);
      expect(result.admin.password).toBeNull(); // not ours to print
    });
  });

  it("owo admin create refuses an email that already has an account, changing nothing", async () => {
    await withScratchDatabase(async (db) => {
      const existing = await insertUser(db, { email: "someone@example.com", password: "their own password" });
      await expect(createAdmin(db, { email: "someone@example.com", password: "attacker password", actor: CLI_ACTOR })).rejects.toMatchObject({
        code: "CONFLICT",
        message: expect.stringContaining("already exists"),
      });
      const after = await userRow(db, "someone@example.com");
      expect(after!.isAdmin).toBe(false);
      expect(after!.passwordHash).toBe(existing.passwordHash);
    });
  });

  it("the start-up banner without demo data prints no credentials, only how to make the first admin", () => {
    const text = startBanner({ appUrl: "https://pay.example.com", database: "PostgreSQL (DATABASE_URL)", demo: null });
    expect(text).toContain("npx owo admin create --email E --password P");
    expect(text).not.toMatch(/password:|owo\.test|sk_test|secret /);
  });
});

describe("the seed on the embedded database (a CLI process without DATABASE_URL)", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("seeds with random passwords and generates the trial's secrets into .data/", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, OWO_DATA_DIR: dir };
    for (const k of ["DATABASE_URL", "OWO_SEED_DEMO", "OWO_ENCRYPTION_KEY", "OWO_IDENTITY_SECRET", "AUTH_SECRET"]) delete env[k];
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["bin/owo.mjs", "seed", "--json"], { cwd: ROOT, env, timeout: 120_000 }, (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
      ),
    );
    const seeded = JSON.parse(out.trim()) as { admin: { email: string; password: string } };
    expect(seeded.admin.email).toBe(DEMO.admin.email);
    expect(OLD_FIXED).not.toContain(seeded.admin.password);
    const stored = JSON.parse(fs.readFileSync(path.join(dir, "demo-passwords.json"), "utf8")) as Record<string, { admin: string }>;
    expect(stored.pglite!.admin).toBe(seeded.admin.password);
    for (const f of ["encryption-key", "identity-secret", "auth-secret"]) expect(fs.existsSync(path.join(dir, f))).toBe(true);
  }, 120_000); // a new PGlite database, migrated, then the accounts and the 30-day demo history
});
