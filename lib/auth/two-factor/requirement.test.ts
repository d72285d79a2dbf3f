import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, memberships, merchants, users } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import { insertUser } from "@/lib/users/create-user";
import { makeMerchant } from "@/tests/factories";
import { FORBIDDEN_MESSAGE } from "../role-policy";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "./requirement";
import { totpCode } from "./totp";

/*
 * The team requirement (merchants.require_two_factor) through the real dashboard context and the
 * real server actions. Only the request's cookies and headers are stood in for (next/headers):
 * they carry a real Auth.js session cookie for the member acting. The database is the real one.
 */

const state = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
const SESSION_COOKIE = "authjs.session-token";

vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (state.cookies.has(name) ? { name, value: state.cookies.get(name)! } : undefined),
    getAll: () => [...state.cookies].map(([name, value]) => ({ name, value })),
    has: (name: string) => state.cookies.has(name),
    set: (name: string | { name: string; value: string }, value?: string) => {
      if (typeof name === "string") state.cookies.set(name, value ?? "");
      else state.cookies.set(name.name, name.value);
    },
    delete: (name: string) => state.cookies.delete(name),
  }),
  headers: async () => {
    const ip = `198.18.${Math.floor(Math.random() * 250)}.7`;
    const cookie = [...state.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
    return new Headers({
      host: "localhost:3000",
      "x-forwarded-proto": "http",
      "user-agent": "two-factor-requirement-test",
      "x-forwarded-for": ip,
      "x-owo-peer-address": ip,
      cookie,
    });
  },
}));

/** Signed in as `userId` (a session cookie as sign-in makes it), working in the test business. */
async function signInAs(userId: string): Promise<void> {
  const [user] = await (await getDb()).select().from(users).where(eq(users.id, userId));
  const token = await encode({
    token: { uid: user!.id, email: user!.email, isAdmin: false, sv: user!.sessionVersion },
    secret: process.env.AUTH_SECRET!,
    salt: SESSION_COOKIE,
  });
  state.cookies = new Map([
    [SESSION_COOKIE, token],
    ["owo_mode", "test"],
    ["owo_merchant", merchantId],
  ]);
}

(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
type WorkStorage = typeof import("next/dist/server/app-render/work-async-storage.external").workAsyncStorage;
let workAsyncStorage: WorkStorage;
type Result = { data?: unknown; serverError?: string; validationErrors?: unknown };

const PASSWORD = "correct horse battery";
let merchantId: string;
let ownerId: string;

/** Calls a server action as a user working in the business, inside the work store an action runs in. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any action, whatever its input
async function callAs(userId: string, action: (input: any) => Promise<unknown>, input?: unknown): Promise<Result> {
  await signInAs(userId);
  const store = { route: "/dashboard", incrementalCache: {} } as unknown as Parameters<WorkStorage["run"]>[0];
  return (await workAsyncStorage.run(store, () => action(input))) as Result;
}

async function member(role: "owner" | "developer"): Promise<string> {
  const db = await getDb();
  const user = await insertUser(db, { email: `${role}-${randomBase62(8).toLowerCase()}@example.com`, password: PASSWORD, name: null });
  await db.insert(memberships).values({ userId: user.id, merchantId, role });
  return user.id;
}

const actions = () => import("@/lib/actions/shell");
const twoFactor = () => import("@/lib/actions/two-factor");
const team = () => import("@/app/(dashboard)/dashboard/settings/team/actions");

/** Sets two-factor up through the real actions, as the settings page does. */
async function enrolThroughActions(userId: string): Promise<void> {
  const tf = await twoFactor();
  const started = await callAs(userId, tf.startTwoFactorAction);
  expect(started.serverError).toBeUndefined();
  const secret = (started.data as { secret: string }).secret;
  const confirmed = await callAs(userId, tf.confirmTwoFactorAction, { password: PASSWORD, code: totpCode(secret) });
  expect(confirmed.serverError).toBeUndefined();
}

beforeAll(async () => {
  ({ workAsyncStorage } = await import("next/dist/server/app-render/work-async-storage.external"));
  const created = await makeMerchant();
  merchantId = created.merchant.id;
  ownerId = created.owner.id;
});

describe("an owner requires two-factor for the team", () => {
  it("only an owner, and only once they have two-factor themselves; the change is audited", async () => {
    const tf = await twoFactor();
    const developer = await member("developer");
    expect((await callAs(developer, tf.setTeamTwoFactorAction, { required: true })).serverError).toBe(FORBIDDEN_MESSAGE);
    expect((await callAs(ownerId, tf.setTeamTwoFactorAction, { required: true })).serverError).toBe("Turn on two-factor authentication for yourself first.");

    await enrolThroughActions(ownerId);
    const on = await callAs(ownerId, tf.setTeamTwoFactorAction, { required: true });
    expect(on.serverError).toBeUndefined();
    const db = await getDb();
    const [m] = await db.select({ required: merchants.requireTwoFactor }).from(merchants).where(eq(merchants.id, merchantId));
    expect(m!.required).toBe(true);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, "merchant.two_factor_requirement_changed")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).toEqual({ require_two_factor: { from: false, to: true } });
  });

  it("a member without two-factor: dashboard actions refuse with the message, pages send them to Settings → Security; after setting it up both work", async () => {
    const { setModeAction, switchMerchantAction } = await actions();
    const { inviteMemberAction } = await team();
    const developer = await member("developer");
    const secondOwner = await member("owner");

    // Actions refuse (before any role rule: an owner without two-factor too).
    expect((await callAs(developer, setModeAction, { mode: "live" })).serverError).toBe(TWO_FACTOR_REQUIRED_MESSAGE);
    const invite = await callAs(secondOwner, inviteMemberAction, { email: `x-${randomBase62(6).toLowerCase()}@example.com`, role: "viewer" });
    expect(invite.serverError).toBe(TWO_FACTOR_REQUIRED_MESSAGE);
    // Switching business stays open (to work in another business).
    expect((await callAs(developer, switchMerchantAction, { merchantId })).serverError).toBeUndefined();

    // Pages: the gated context redirects to the security page; the security page's own read does not.
    const { getDashboardContext, loadDashboardContext } = await import("@/lib/auth/dashboard-context");
    await signInAs(developer);
    const redirected = await getDashboardContext().then(
      () => null,
      (err: { digest?: string }) => err.digest ?? String(err),
    );
    expect(redirected).toMatch(/^NEXT_REDIRECT;[a-z]+;\/dashboard\/settings\/security;/);
    expect((await loadDashboardContext())?.user.id).toBe(developer);

    // The enrolled owner is not stopped.
    await signInAs(ownerId);
    expect((await getDashboardContext())?.user.id).toBe(ownerId);
    expect((await callAs(ownerId, setModeAction, { mode: "test" })).serverError).toBeUndefined();

    // Setting it up is allowed, and then everything opens.
    await enrolThroughActions(developer);
    expect((await callAs(developer, setModeAction, { mode: "live" })).serverError).toBeUndefined();
    await signInAs(developer);
    expect((await getDashboardContext())?.user.id).toBe(developer);
  });
});
