import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { CLI_ACTOR } from "@/lib/audit/record-audit";
import { randomBase62 } from "@/lib/ids";
import { insertUser } from "@/lib/users/create-user";
import { createAdmin } from "./create-admin";
import { revokeAdmin } from "./revoke-admin";

/*
 * Admin pages (requireAdmin) and admin actions (adminAction) read the admin flag from the
 * database, never from the session token: a removed admin whose token still says isAdmin is
 * refused at once. Stood in for: who is signed in (auth() answers a session whose token says
 * isAdmin: true) and the request headers. The database is the real one.
 */

const state = vi.hoisted(() => ({ session: null as null | { user: { id: string; email: string; isAdmin: boolean } } }));
vi.mock("@/lib/auth/auth", () => ({ auth: async () => state.session }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "user-agent": "admin-session-test" }) }));

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
  state.session = { user: { id: admin.id, email: admin.email, isAdmin: true } };
  return admin;
}

describe("admin access is read from the database", () => {
  it("requireAdmin lets a current admin through and sends a removed admin (token still isAdmin) to /dashboard", async () => {
    const { requireAdmin } = await import("@/lib/auth/require-admin");
    const admin = await adminSignedIn();
    expect(await redirectOf(requireAdmin())).toBe("");
    await revokeAdmin(db, { email: admin.email, actor: CLI_ACTOR });
    expect(await redirectOf(requireAdmin())).toBe("/dashboard");
  });

  it("requireAdmin refuses a user whose token claims isAdmin but who never was one", async () => {
    const { requireAdmin } = await import("@/lib/auth/require-admin");
    const u = await insertUser(db, { email: email("claims"), password: "correct horse battery" });
    state.session = { user: { id: u.id, email: u.email, isAdmin: true } };
    expect(await redirectOf(requireAdmin())).toBe("/dashboard");
    state.session = null;
    expect(await redirectOf(requireAdmin())).toBe("/sign-in");
  });

  it("an admin action runs for a current admin and is refused for a removed one (token still isAdmin)", async () => {
    const { adminAction } = await import("./admin-action");
    const ran: string[] = [];
    const probe = adminAction.inputSchema(z.object({ tag: z.string() })).action(async ({ parsedInput }) => {
      ran.push(parsedInput.tag);
      return { ok: true };
    });
    const admin = await adminSignedIn();
    expect(await probe({ tag: "while admin" })).toMatchObject({ data: { ok: true } });
    await revokeAdmin(db, { email: admin.email, actor: CLI_ACTOR });
    expect(await probe({ tag: "after removal" })).toMatchObject({ serverError: "Administrators only." });
    expect(ran).toEqual(["while admin"]);
  });
});
