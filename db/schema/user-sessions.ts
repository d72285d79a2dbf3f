import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

/**
 * One signed-in browser (Settings → Security, active sessions). The session's token carries
 * its id (`sid`); a revoked one ends on its next request (lib/auth/session-check.ts).
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text(),
    ip: text(),
    /** The user's session version this session is at: one signed in before a password change is over. */
    sessionVersion: integer().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.lastSeenAt)],
);
export type UserSession = typeof userSessions.$inferSelect;
