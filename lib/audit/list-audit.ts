import { and, count, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ACTOR_TYPES, auditLog, users, type ActorType } from "@/db/schema";
import { lagosDayStart } from "@/lib/lagos-day";
import { flattenSearch, type Cursor, type ListShape, type Paged } from "@/lib/lists/paging";
import { planPage } from "@/lib/lists/page-query";
import { isUuid } from "@/lib/text-patterns";

/**
 * The audit log's filters, from the URL: an action name, an actor ("cli", "system", "admin"
 * or a user's id) and a date range (YYYY-MM-DD, Lagos days, both ends included).
 */
export type AuditFilter = { action?: string; actor?: string; from?: string; to?: string };
export type AuditQuery = AuditFilter & { page: number; pageSize: number } & Cursor;

export type AuditEntry = {
  id: string;
  createdAt: Date;
  actorType: ActorType;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  changes: Record<string, { from?: unknown; to?: unknown }> | null;
  ip: string | null;
  userAgent: string | null;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string | undefined) => (v && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00+01:00`)) ? v : undefined);
const validActor = (v: string | undefined) => (v && (isUuid(v) || (ACTOR_TYPES as readonly string[]).includes(v)) ? v : undefined);
const validAction = (v: string | undefined) => (v && /^[a-z_]+\.[a-z_]+$/.test(v) && v.length <= 64 ? v : undefined);

/** URL search params → a valid filter and page; anything invalid is dropped. */
export function parseAuditSearch(search: Record<string, string | string[] | undefined>, pageSize = 25): AuditQuery {
  const flat = flattenSearch(search);
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(flat.page)) || 1));
  return { action: validAction(flat.action), actor: validActor(flat.actor), from: validDate(flat.from), to: validDate(flat.to), page, pageSize };
}

/** The filter back as URL params (for paging links and the CSV export). */
export const auditFilterParams = (f: AuditFilter) => ({ action: f.action, actor: f.actor, from: f.from, to: f.to });

function where(merchantId: string, f: AuditFilter): SQL | undefined {
  let actor: SQL | undefined;
  if (f.actor && isUuid(f.actor)) actor = eq(auditLog.actorUserId, f.actor);
  else if (f.actor) actor = eq(auditLog.actorType, f.actor as ActorType);
  return and(
    eq(auditLog.merchantId, merchantId),
    f.action ? eq(auditLog.action, f.action) : undefined,
    actor,
    f.from ? gte(auditLog.createdAt, lagosDayStart(f.from)) : undefined,
    f.to ? lt(auditLog.createdAt, lagosDayStart(f.to, 1)) : undefined,
  );
}

const SHAPE: ListShape = { table: auditLog, order: [auditLog.createdAt, auditLog.id], cursorColumn: auditLog.id };

/** One business's audit log, newest first, filtered and paged. Another business's rows never show. */
export async function listAudit(db: DbOrTx, input: { merchantId: string } & AuditQuery): Promise<Paged<AuditEntry>> {
  const w = where(input.merchantId, input);
  const p = { page: input.page, page_size: input.pageSize, starting_after: input.starting_after, ending_before: input.ending_before };
  const plan = await planPage(db, SHAPE, eq(auditLog.merchantId, input.merchantId), w, p);
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorType: auditLog.actorType,
        actorUserId: auditLog.actorUserId,
        actorEmail: users.email,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        changes: auditLog.changes,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(plan.where)
      .orderBy(...plan.orderBy),
    db.select({ n: count() }).from(auditLog).where(w),
  ]);
  return plan.finish(items, total?.n ?? 0);
}

/** The actions and the people this business's log holds, for the filter menus. */
export async function auditFilterOptions(
  db: DbOrTx,
  merchantId: string,
): Promise<{ actions: string[]; users: { id: string; email: string }[]; actorTypes: ActorType[] }> {
  const [actions, people, types] = await Promise.all([
    db.selectDistinct({ action: auditLog.action }).from(auditLog).where(eq(auditLog.merchantId, merchantId)).orderBy(auditLog.action),
    db
      .selectDistinct({ id: users.id, email: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.actorType, "user"), isNotNull(auditLog.actorUserId)))
      .orderBy(users.email),
    db
      .selectDistinct({ t: auditLog.actorType })
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchantId), sql`${auditLog.actorType} <> 'user'`)),
  ]);
  return { actions: actions.map((a) => a.action), users: people, actorTypes: types.map((t) => t.t) };
}
