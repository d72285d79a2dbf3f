import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
