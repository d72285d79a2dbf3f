import { asc, eq } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb, type Db } from "@/db/client";
import { memberships, merchants, type Merchant, type Mode, type Role } from "@/db/schema";
import { requestActor, type Actor } from "@/lib/audit/record-audit";
import { mustSetUpTwoFactor, TWO_FACTOR_SETUP_PATH } from "@/lib/auth/two-factor/requirement";
import { sessionUser } from "./session-user";

export const MODE_COOKIE = "owo_mode";
export const MERCHANT_COOKIE = "owo_merchant";

/** The business and mode a dashboard page, route or action works in: every query's scope. */
export type MerchantScope = { merchantId: string; mode: Mode };

export type DashboardContext = {
  db: Db;
  user: { id: string; email: string; isAdmin: boolean };
  merchant: Merchant;
  role: Role;
  mode: Mode;
  /** `{ merchantId: merchant.id, mode }`, said once here for every page, route and action. */
  scope: MerchantScope;
  actor: Actor;
  memberships: { merchantId: string; name: string; role: Role }[];
};

// ---- The team's two-factor requirement (lib/auth/two-factor/requirement.ts)

/**
 * The context for every dashboard page and route (loadDashboardContext below), behind the
 * business's two-factor requirement: a member who must still set up two-factor is sent to
 * Settings → Security. Only that page and the layout read loadDashboardContext directly, and
 * dashboard actions (merchantAction) refuse with a message instead.
 */
export const getDashboardContext = cache(async function getDashboardContext(): Promise<DashboardContext | null> {
  const ctx = await loadDashboardContext();
  if (ctx && (await mustSetUpTwoFactor(ctx))) redirect(TWO_FACTOR_SETUP_PATH);
  return ctx;
});

// ----

/**
 * Who is signed in, which business they are working in (cookie, else their first) and in
 * which mode. Null when signed out (or the session was ended: session-user.ts) or a member of no business. Every dashboard page and
 * action reads its scope from here and nowhere else; one render (layout and page) reads it once.
 */
export const loadDashboardContext = cache(async function loadDashboardContext(): Promise<DashboardContext | null> {
  const user = await sessionUser();
  if (!user) return null;
  const db = await getDb();
  const jar = await cookies();
  const rows = await db
    .select({ merchant: merchants, role: memberships.role })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(memberships.createdAt));
  if (rows.length === 0) return null;
  const chosen = rows.find((r) => r.merchant.id === jar.get(MERCHANT_COOKIE)?.value) ?? rows[0]!;
  // Live mode is locked until the business is activated (supplement §13): a live cookie reads as test.
  const mode: Mode = jar.get(MODE_COOKIE)?.value === "live" && chosen.merchant.activatedAt ? "live" : "test";
  return {
    db,
    user,
    merchant: chosen.merchant,
    role: chosen.role,
    mode,
    scope: { merchantId: chosen.merchant.id, mode },
    actor: requestActor("user", user.id, await headers()),
    memberships: rows.map((r) => ({ merchantId: r.merchant.id, name: r.merchant.name, role: r.role })),
  };
});
