import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";

export const ACTOR_TYPES = ["user", "admin", "cli", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** Who changed what, when and from where. Written in the same transaction as the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    merchantId: uuid().references(() => merchants.id),
    actorType: text({ enum: ACTOR_TYPES }).notNull(),
    actorUserId: uuid().references(() => users.id),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    /** Before/after of the fields that changed; never a secret. */
    changes: jsonb().$type<Record<string, { from?: unknown; to?: unknown }>>(),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.merchantId, t.createdAt), index().on(t.actorUserId, t.createdAt)],
);
