import { boolean, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { merchants } from "./merchants";

export const ROLES = ["owner", "developer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable("users", {
  id: id(),
  /** Stored lower-cased; unique. */
  email: text().notNull().unique(),
  name: text(),
  /** argon2id hash; never the password. */
  passwordHash: text().notNull(),
  /** Platform admins reach /admin. */
  isAdmin: boolean().notNull().default(false),
  createdAt: createdAt(),
});

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

export type User = typeof users.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
