import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export const users = pgTable("users", {
  id: id(),
  /** Stored lower-cased; unique. */
  email: text().notNull().unique(),
  name: text(),
  /** argon2id hash; never the password. */
  passwordHash: text().notNull(),
  /** Platform admins reach /admin. */
  isAdmin: boolean().notNull().default(false),
  /**
   * Bumped when the password changes, the user is removed from a business or loses admin:
   * a dashboard session carrying an older version is ended on its next request.
   */
  sessionVersion: integer().notNull().default(0),
  /** TOTP shared secret, AES-256-GCM encrypted (lib/security/secret-box); null until enrolment is confirmed. */
  totpSecret: text(),
  /** A secret being enrolled, encrypted; becomes totpSecret once a code from it is confirmed. */
  totpPendingSecret: text(),
  totpEnabledAt: timestamp({ withTimezone: true }),
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totpLastStep: bigint({ mode: "number" }),
  passwordChangedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;

/** Ten one-time recovery codes per user with two-factor on; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull().unique(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);
export type RecoveryCode = typeof recoveryCodes.$inferSelect;

/** A forgot-password link: its token is mailed once, only its SHA-256 kept; 30 minutes, single use. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);
export type PasswordReset = typeof passwordResets.$inferSelect;
