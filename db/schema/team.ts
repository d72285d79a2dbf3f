import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";

export const ROLES = ["owner", "developer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const memberships = pgTable(
  "memberships",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    role: text({ enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] }), index().on(t.merchantId)],
);

export type Membership = typeof memberships.$inferSelect;

/**
 * An invitation to join a business (issue 9). The link's token is shown once (and mailed
 * when SMTP is configured); only its SHA-256 is kept. Valid 7 days, used once.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    /** Stored lower-cased. */
    email: text().notNull(),
    role: text({ enum: ROLES }).notNull(),
    tokenHash: text().notNull().unique(),
    invitedByUserId: uuid().references(() => users.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedByUserId: uuid().references(() => users.id),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.merchantId, t.createdAt)],
);
export type Invitation = typeof invitations.$inferSelect;
