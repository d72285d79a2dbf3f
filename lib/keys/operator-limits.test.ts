import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { apiKeyPairs, auditLog, users } from "@/db/schema";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { createAdmin } from "@/lib/admin/create-admin";
import type { DashboardContext } from "@/lib/auth/dashboard-context";
import { randomBase62 } from "@/lib/ids";
import { makeKey, makeMerchant } from "@/tests/factories";

/*
 * Supplement §1 / issue 14: a key pair's rate limits are an operator setting. The dashboard's
 * create-key action (the real exported function) drops limit fields; the admin area's action
 * changes them, audited with the admin, the request's address and before → after; anyone who
 * is not an admin right now is refused. Stood in for: who is signed in (dashboard context,
 * Auth.js session) and next/headers; the database is the real one.
 */
const state = vi.hoisted(() => ({ ctx: null as unknown, session: null as unknown, cookie: null as string | null }));

vi.mock("@/lib/auth/dashboard-context", () => ({
  MODE_COOKIE: "owo_mode",
  MERCHANT_COOKIE: "owo_merchant",
  getDashboardContext: async () => state.ctx,
  loadDashboardContext: async () => state.ctx,
}));
vi.mock("@/lib/auth/auth", () => ({ auth: async () => state.session }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "user-agent": "limits-test", "x-owo-peer-address": "192.0.2.55" }),
  cookies: async () => ({
    get: (name: string) => (state.cookie && name === COOKIE ? { name, value: state.cookie } : undefined),
    getAll: () => (state.cookie ? [{ name: COOKIE, value: state.cookie }] : []),
    has: (name: string) => Boolean(state.cookie) && name === COOKIE,
    set: () => {},
    delete: () => {},
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

const COOKIE = "authjs.session-token";

/**
 * Signs `user` in for the admin action: as Auth.js's session (auth()) and as the real session
 * cookie (encoded with AUTH_SECRET, saying isAdmin: true whatever the database says), so the
 * action finds the session whichever way it reads it. null: signed out.
 */
async function signedInAs(user: { id: string; email: string } | null) {
  state.session = user && { user: { id: user.id, email: user.email, isAdmin: true } };
  state.cookie = user && (await encode({ token: { uid: user.id, email: user.email, sv: 0, isAdmin: true }, secret: process.env.AUTH_SECRET!, salt: COOKIE }));
}

const limitsOf = async (id: string) => {
  const [row] = await (
    await getDb()
  )
    .select({ rateLimit: apiKeyPairs.rateLimit, initializeLimit: apiKeyPairs.initializeLimit })
    .from(apiKeyPairs)
    .where(eq(apiKeyPairs.id, id));
  return row;
};
const limitAudits = async (id: string) =>
  (await getDb())
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "api_key.limits_changed")));

let admin: { id: string; email: string };
let adminId: string;
beforeAll(async () => {
  admin = await createAdmin(await getDb(), {
    email: `limits-admin-${randomBase62(6).toLowerCase()}@owo.test`,
    password: "owo-admin-password",
    actor: CLI_ACTOR,
  });
  adminId = admin.id;
});

describe("the dashboard cannot set rate limits", () => {
  it("createKeyAction ignores rateLimit/initializeLimit: the key gets the defaults (100 and 30 per minute)", async () => {
    const m = await makeMerchant();
    const db = await getDb();
    const ctx: DashboardContext = {
      db,
      user: { id: m.owner.id, email: m.owner.email, isAdmin: false },
      merchant: m.merchant,
      role: "owner",
      mode: "test",
      scope: { merchantId: m.merchant.id, mode: "test" },
      actor: { type: "user", userId: m.owner.id },
      memberships: [{ merchantId: m.merchant.id, name: m.merchant.name, role: "owner" }],
    };
    state.ctx = ctx;
    const { createKeyAction } = await import("@/lib/actions/developers");
    const res = await createKeyAction({ name: "Greedy", rateLimit: 1_000_000, initializeLimit: 1_000_000, rate_limit: 1_000_000 });
    expect(res.serverError).toBeUndefined();
    const [row] = await db
      .select()
      .from(apiKeyPairs)
      .where(and(eq(apiKeyPairs.merchantId, m.merchant.id), eq(apiKeyPairs.name, "Greedy")));
    expect(row).toMatchObject({ rateLimit: 100, initializeLimit: 30 });
  });
});

describe("the admin area sets rate limits (audited)", () => {
  it("an admin changes both limits; one audit row on the key's merchant with actor, ip and before → after", async () => {
    const key = await makeKey();
    await signedInAs(admin);
    const { setKeyLimitsAction } = await import("@/lib/actions/admin/merchants");
    const res = await setKeyLimitsAction({ keyPairId: key.keyPair.id, rateLimit: 600, initializeLimit: 45 });
    expect(res.serverError).toBeUndefined();
    expect(res.data).toEqual({ rateLimit: 600, initializeLimit: 45 });
    expect(await limitsOf(key.keyPair.id)).toEqual({ rateLimit: 600, initializeLimit: 45 });
    const audits = await limitAudits(key.keyPair.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      merchantId: key.merchantId,
      actorType: "admin",
      actorUserId: adminId,
      ip: "192.0.2.55",
      changes: { rate_limit: { from: 100, to: 600 }, initialize_limit: { from: 30, to: 45 } },
    });
    // The same values again change nothing and write no row.
    await setKeyLimitsAction({ keyPairId: key.keyPair.id, rateLimit: 600, initializeLimit: 45 });
    expect(await limitAudits(key.keyPair.id)).toHaveLength(1);
  });

  it("out-of-range limits are refused and nothing changes", async () => {
    const key = await makeKey();
    await signedInAs(admin);
    const { setKeyLimitsAction } = await import("@/lib/actions/admin/merchants");
    for (const bad of [
      { rateLimit: 0, initializeLimit: 30 },
      { rateLimit: 100, initializeLimit: 1_000_001 },
      { rateLimit: 1.5, initializeLimit: 30 },
    ]) {
      const res = await setKeyLimitsAction({ keyPairId: key.keyPair.id, ...bad });
      expect(res.serverError, JSON.stringify(bad)).toMatch(/Validation error/);
    }
    expect(await limitsOf(key.keyPair.id)).toEqual({ rateLimit: 100, initializeLimit: 30 });
  });

  it("a merchant's owner, a signed-out visitor and a demoted admin (token still says admin) are refused", async () => {
    const key = await makeKey();
    const m = await makeMerchant();
    const demoted = await createAdmin(await getDb(), {
      email: `demoted-${randomBase62(6).toLowerCase()}@owo.test`,
      password: "owo-admin-password",
      actor: CLI_ACTOR,
    });
    await (await getDb()).update(users).set({ isAdmin: false }).where(eq(users.id, demoted.id));
    const { setKeyLimitsAction } = await import("@/lib/actions/admin/merchants");
    for (const who of [m.owner, null, demoted]) {
      await signedInAs(who);
      const res = await setKeyLimitsAction({ keyPairId: key.keyPair.id, rateLimit: 1_000_000, initializeLimit: 1_000_000 });
      expect(res.serverError, who?.email ?? "signed out").toMatch(/Administrators only|sign in/);
    }
    expect(await limitsOf(key.keyPair.id)).toEqual({ rateLimit: 100, initializeLimit: 30 });
    expect(await limitAudits(key.keyPair.id)).toHaveLength(0);
  });
});
