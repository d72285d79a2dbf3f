import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { users } from "@/db/schema";
import { insertUser } from "@/lib/users/create-user";
import { bumpSessionVersion } from "@/lib/users/session-version";
import { createAdmin } from "./create-admin";
import { revokeAdmin } from "./revoke-admin";

/*
 * Admin pages (requireAdmin) and admin actions (adminAction) read the admin flag from the
 * database, never from the session token: a removed admin whose token still says isAdmin is
 * refused at once. The session is a real Auth.js session cookie (encoded with AUTH_SECRET, as
 * sign-in makes it, saying isAdmin: true); only the request's cookie jar and headers are stood
 * in for (next/headers). The database is the real one.
 */

const COOKIE = "authjs.session-token";
const state = vi.hoisted(() => ({ cookie: null as string | null }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "user-agent": "admin-session-test" }),
  cookies: async () => ({ getAll: () => (state.cookie ? [{ name: "authjs.session-token", value: state.cookie }] : []) }),
}));

/** The cookie a sign-in at session version `sv` would have set; the token says isAdmin whatever the database says. */
async function signInCookie(user: { id: string; email: string }, sv = 0) {
  state.cookie = await encode({ token: { uid: user.id, email: user.email, sv, isAdmin: true }, secret: process.env.AUTH_SECRET!, salt: COOKIE });
}

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const email = (tag: string) => `${tag}-${randomBase62(8).toLowerCase()}@example.com`;
/** Where a Next redirect() goes ("" when the call returned). */
const redirectOf = (p: Promise<unknown>) =>
  p.then(
    () => "",
    (err: unknown) => /^NEXT_REDIRECT;[^;]*;([^;]*);/.exec(String((err as { digest?: string }).digest))?.[1] ?? `threw ${String(err)}`,
  );

async function adminSignedIn() {
  const admin = await createAdmin(db, { email: email("admin"), password: "correct horse battery", actor: CLI_ACTOR });
  // The token was issued while they were an admin: it says so.
  await signInCookie(admin);
  return admin;
}

describe("admin access is read from the database", () => {
  it("requireAdmin lets a current admin through and sends a removed admin (token still isAdmin) to /dashboard", async () => {
    const { requireAdmin } = await import("@/lib/admin/require-admin");
    const admin = await adminSignedIn();
    expect(await redirectOf(requireAdmin())).toBe("");
    // Removed from admin by the database alone (no version bump): the flag is read fresh.
    await db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect(await redirectOf(requireAdmin())).toBe("/dashboard");
  });

  it("a stale session (its version bumped since sign-in) is signed out: requireAdmin sends it to /sign-in, an admin action answers 'Please sign in again.'", async () => {
    const { requireAdmin } = await import("@/lib/admin/require-admin");
    const { adminAction } = await import("@/lib/actions/safe-action");
    const probe = adminAction.action(async () => ({ ok: true }));
    const admin = await adminSignedIn();
    expect(await redirectOf(requireAdmin())).toBe("");
    await bumpSessionVersion(db, admin.id);
    expect(await redirectOf(requireAdmin())).toBe("/sign-in");
    expect(await probe()).toMatchObject({ serverError: "Please sign in again." });
    // Signed in again, at the new version: through.
    await signInCookie(admin, 1);
    expect(await redirectOf(requireAdmin())).toBe("");
  });

  it("requireAdmin refuses a user whose token claims isAdmin but who never was one", async () => {
    const { requireAdmin } = await import("@/lib/admin/require-admin");
    const u = await insertUser(db, { email: email("claims"), password: "correct horse battery" });
    await signInCookie(u);
    expect(await redirectOf(requireAdmin())).toBe("/dashboard");
    state.cookie = null;
    expect(await redirectOf(requireAdmin())).toBe("/sign-in");
  });

  it("an admin action runs for a current admin and is refused for a removed one (token still isAdmin)", async () => {
    const { adminAction } = await import("@/lib/actions/safe-action");
    const ran: string[] = [];
    const probe = adminAction.inputSchema(z.object({ tag: z.string() })).action(async ({ parsedInput }) => {
      ran.push(parsedInput.tag);
      return { ok: true };
    });
    const admin = await adminSignedIn();
    expect(await probe({ tag: "while admin" })).toMatchObject({ data: { ok: true } });
    await db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id)); // the flag alone (revokeAdmin also ends the session)
    expect(await probe({ tag: "after removal" })).toMatchObject({ serverError: "Administrators only." });
    expect(ran).toEqual(["while admin"]);
    // revokeAdmin also ends the session: signed out altogether.
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    await revokeAdmin(db, { email: admin.email, actor: CLI_ACTOR });
    expect(await probe({ tag: "after revoke" })).toMatchObject({ serverError: "Please sign in again." });
    expect(ran).toEqual(["while admin"]);
  });
});
