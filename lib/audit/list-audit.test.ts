import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { sql } from "drizzle-orm";
import { makeMerchant } from "@/tests/factories";
import { auditCsv } from "./audit-csv";
import { auditActionLabel, auditActorLabel, auditChangesText } from "./audit-labels";
import { auditFilterOptions, listAudit, parseAuditSearch } from "./list-audit";
import { recordAudit, CLI_ACTOR } from "./record-audit";

let db: Db;
type Made = Awaited<ReturnType<typeof makeMerchant>>;
let a: Made;
let b: Made;
let admin: Made;

/** Rows written straight with recordAudit at chosen times, so the filters have something to tell apart. */
async function row(
  m: Made,
  action: string,
  at: string,
  actor: Parameters<typeof recordAudit>[1]["actor"],
  changes?: Record<string, { from?: unknown; to?: unknown }>,
) {
  await db.transaction(async (tx) => {
    await recordAudit(tx, { merchantId: m.merchant.id, actor, action, targetType: "thing", targetId: `${action}@${at}`, changes });
  });
  // createdAt defaults to now(); set the time the test needs.
  await db.execute(sql`update audit_log set created_at = ${at}::timestamptz where target_id = ${`${action}@${at}`} and merchant_id = ${m.merchant.id}`);
}

beforeAll(async () => {
  db = await getDb();
  a = await makeMerchant();
  b = await makeMerchant();
  admin = await makeMerchant();
  const owner = { type: "user" as const, userId: a.owner.id, ip: "203.0.113.5", userAgent: "UA-owner" };
  await row(a, "api_key.rolled", "2026-03-01T10:00:00Z", owner, { last4: { from: "aaaa", to: "bbbb" } });
  await row(a, "transfer.sent", "2026-03-02T22:30:00Z", owner, { amount: { to: 25_000 } }); // 23:30 in Lagos, still the 2nd
  await row(a, "transfer.sent", "2026-03-02T23:30:00Z", CLI_ACTOR); // 00:30 on the 3rd in Lagos
  await row(a, "refund.approved", "2026-03-04T09:00:00Z", { type: "admin", userId: admin.owner.id, ip: "198.51.100.9", userAgent: "UA-admin" });
  await row(b, "transfer.sent", "2026-03-02T12:00:00Z", { type: "user", userId: b.owner.id });
});

describe("listAudit", () => {
  it("shows only the business's own rows: another merchant's rows never appear, whatever the filters", async () => {
    const all = await listAudit(db, { merchantId: a.merchant.id, page: 1, pageSize: 100 });
    const mine = all.items.filter((e) => e.targetType === "thing");
    expect(mine).toHaveLength(4);
    const other = await listAudit(db, { merchantId: a.merchant.id, actor: b.owner.id, page: 1, pageSize: 100 });
    expect(other.total).toBe(0);
    const bs = await listAudit(db, { merchantId: b.merchant.id, action: "transfer.sent", page: 1, pageSize: 100 });
    expect(bs.items.map((e) => e.actorUserId)).toEqual([b.owner.id]);
  });

  it("is newest first, and the actor's email comes with each user row", async () => {
    const r = await listAudit(db, { merchantId: a.merchant.id, from: "2026-03-01", to: "2026-03-31", page: 1, pageSize: 100 });
    expect(r.items.map((e) => e.action)).toEqual(["refund.approved", "transfer.sent", "transfer.sent", "api_key.rolled"]);
    expect(r.items[3]).toMatchObject({ actorType: "user", actorEmail: a.owner.email, ip: "203.0.113.5", userAgent: "UA-owner" });
  });

  it("filters by action, by actor (a member, or the CLI / admin / system) and by Lagos date range, both ends included", async () => {
    const q = (f: Record<string, string>) => listAudit(db, { merchantId: a.merchant.id, ...parseAuditSearch(f, 100) });
    expect((await q({ action: "transfer.sent" })).total).toBe(2);
    expect((await q({ actor: a.owner.id })).items.filter((e) => e.targetType === "thing").map((e) => e.action)).toEqual(["transfer.sent", "api_key.rolled"]);
    expect((await q({ actor: "cli", action: "transfer.sent" })).total).toBe(1);
    expect((await q({ actor: "admin" })).items.map((e) => e.action)).toEqual(["refund.approved"]);
    // 22:30 UTC on the 2nd is the 2nd in Lagos; 23:30 UTC is already the 3rd.
    expect((await q({ from: "2026-03-02", to: "2026-03-02" })).items.map((e) => e.actorType)).toEqual(["user"]);
    expect((await q({ from: "2026-03-03", to: "2026-03-04" })).items.map((e) => e.action)).toEqual(["refund.approved", "transfer.sent"]);
  });

  it("pages with totals", async () => {
    const p1 = await listAudit(db, { merchantId: a.merchant.id, from: "2026-03-01", to: "2026-03-31", page: 1, pageSize: 3 });
    const p2 = await listAudit(db, { merchantId: a.merchant.id, from: "2026-03-01", to: "2026-03-31", page: 2, pageSize: 3 });
    expect([p1.total, p1.total_pages, p1.items.length, p2.items.length]).toEqual([4, 2, 3, 1]);
  });

  it("the filter menus list the business's own actors and actions only", async () => {
    const o = await auditFilterOptions(db, a.merchant.id);
    expect(o.users.map((u) => u.id)).toContain(a.owner.id);
    expect(o.users.map((u) => u.id)).not.toContain(b.owner.id);
    expect(o.actorTypes.sort()).toEqual(["admin", "cli"]);
    expect(o.actions).toEqual(expect.arrayContaining(["api_key.rolled", "transfer.sent", "refund.approved"]));
  });
});

describe("parseAuditSearch", () => {
  it("keeps valid filters and drops anything else (bad dates, actors, actions, pages)", () => {
    expect(parseAuditSearch({ action: "transfer.sent", actor: "cli", from: "2026-01-02", to: "2026-01-05", page: "3" })).toMatchObject({
      action: "transfer.sent",
      actor: "cli",
      from: "2026-01-02",
      to: "2026-01-05",
      page: 3,
    });
    expect(parseAuditSearch({ action: "drop table", actor: "root", from: "yesterday", to: "2026-13-45", page: "-4" })).toEqual({
      action: undefined,
      actor: undefined,
      from: undefined,
      to: undefined,
      page: 1,
      pageSize: 25,
    });
  });
});

describe("labels and CSV", () => {
  it("labels actions and actors as a merchant reads them", () => {
    expect(auditActionLabel("transfer.sent")).toBe("Transfer sent");
    expect(auditActionLabel("something.new")).toBe("Something new");
    expect(auditActorLabel({ actorType: "user", actorEmail: "ada@example.com" })).toBe("ada@example.com");
    expect(auditActorLabel({ actorType: "cli", actorEmail: null })).toBe("CLI");
    expect(auditActorLabel({ actorType: "admin", actorEmail: "ops@owo.ng" })).toBe("Owo admin");
    expect(auditActorLabel({ actorType: "admin", actorEmail: "ops@owo.ng" }, { adminEmails: true })).toBe("Owo admin (ops@owo.ng)");
    expect(auditActorLabel({ actorType: "system", actorEmail: null })).toBe("System");
    expect(auditChangesText({ role: { from: "viewer", to: "developer" }, name: { to: "Key" } })).toBe("Role: Viewer → Developer; Name: Key");
  });

  it("the CSV export holds the filtered rows with actor, action, changes, IP and user agent", async () => {
    const r = await listAudit(db, { merchantId: a.merchant.id, action: "api_key.rolled", page: 1, pageSize: 100 });
    const csv = auditCsv(r.items);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("time,actor,actor_type,action,action_label,target_type,target_id,changes,ip,user_agent");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${a.owner.email},user,api_key.rolled,Secret key rolled,thing`);
    expect(lines[1]).toContain("Last4: aaaa → bbbb,203.0.113.5,UA-owner");
  });
});
