import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, users } from "@/db/schema";
import { verifyPassword } from "@/lib/users/password";
import { makeMerchant } from "@/tests/factories";
import { runOwo, CLI_TEST_TIMEOUT_MS } from "@/tests/owo-cli";

let dataDir: string;

const owo = (...args: string[]) => runOwo(dataDir, args);

const userRow = async (id: string) => (await (await getDb()).select().from(users).where(eq(users.id, id)))[0]!;

// The CLI is another process: it can only share a PostgreSQL server, not in-memory PGlite.
describe.skipIf(!process.env.DATABASE_URL)(
  "owo user reset-password --email E [--password P], owo admin revoke --email E",
  { timeout: CLI_TEST_TIMEOUT_MS },
  () => {
    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owo-cli-user-"));
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it("generates a password when none is given, prints {id, email, password}, ends the user's sessions and is audited", async () => {
      const m = await makeMerchant();
      const { code, json } = await owo("user", "reset-password", "--email", m.owner.email.toUpperCase());
      expect(code).toBe(0);
      expect(Object.keys(json).sort()).toEqual(["email", "id", "password"]);
      expect(json).toMatchObject({ id: m.owner.id, email: m.owner.email });
      expect((json.password as string).length).toBeGreaterThanOrEqual(16);
      const row = await userRow(m.owner.id);
      expect(await verifyPassword(row.passwordHash, json.password as string)).toBe(true);
      expect(await verifyPassword(row.passwordHash, "correct horse battery")).toBe(false);
      expect(row.sessionVersion).toBe(1);
      const [audit] = await (
        await getDb()
      )
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, m.owner.id))
        .then((rows) => rows.filter((a) => a.action === "user.password_reset"));
      expect(audit).toMatchObject({ actorType: "cli", merchantId: m.merchant.id });
    });

    it("sets the password given with --password", async () => {
      const m = await makeMerchant();
      const { code, json } = await owo("user", "reset-password", "--email", m.owner.email, "--password", "operator-chosen-pass");
      expect(code).toBe(0);
      expect(json.password).toBe("operator-chosen-pass");
      expect(await verifyPassword((await userRow(m.owner.id)).passwordHash, "operator-chosen-pass")).toBe(true);
    });

    it("an unknown email or a short password fails with one JSON error and changes nothing", async () => {
      const unknown = await owo("user", "reset-password", "--email", "nobody-here@example.com");
      expect(unknown.code).toBe(1);
      expect(unknown.json).toEqual({ error: { code: "NOT_FOUND", message: "No user with that email." } });
      const m = await makeMerchant();
      const short = await owo("user", "reset-password", "--email", m.owner.email, "--password", "short");
      expect(short.code).toBe(1);
      expect(JSON.stringify(short.json.error)).toContain("password must be at least 8 characters");
      expect((await userRow(m.owner.id)).sessionVersion).toBe(0);
    });

    it("admin revoke --email E clears the admin flag and ends the user's sessions; prints {id, email, revoked}", async () => {
      const db = await getDb();
      const m = await makeMerchant();
      await db.update(users).set({ isAdmin: true }).where(eq(users.id, m.owner.id));
      const { code, json } = await owo("admin", "revoke", "--email", m.owner.email);
      expect(code).toBe(0);
      expect(json).toEqual({ id: m.owner.id, email: m.owner.email, revoked: true });
      const row = await userRow(m.owner.id);
      expect(row.isAdmin).toBe(false);
      expect(row.sessionVersion).toBe(1);
    });
  },
);
