import { bigint, boolean, date, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

/**
 * A wallet PayID's settings (supplement §7 "Wallet"): its display name (null: the merchant's
 * name), members-only and the daily limit on transfers out (kobo, null: none). No row means
 * the defaults.
 */
export const walletSettings = pgTable("wallet_settings", {
  payIdId: uuid()
    .primaryKey()
    .references(() => payIds.id),
  merchantId: uuid()
    .notNull()
    .references(() => merchants.id),
  mode: text({ enum: MODES }).notNull(),
  name: text(),
  membersOnly: boolean().notNull().default(false),
  dailyLimit: bigint({ mode: "number" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The PayIDs a wallet pays often (saved recipients), each with an optional label and daily limit. */
export const walletMembers = pgTable(
  "wallet_members",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text({ enum: MODES }).notNull(),
    walletPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    memberPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    label: text(),
    dailyLimit: bigint({ mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.walletPayIdId, t.memberPayIdId)],
);

/**
 * Running totals of a wallet's transfers out per Lagos calendar day (amount plus fees, pending
 * and completed: a failed transfer is taken back out). Updated in the transfer's own
 * statement, under the row's lock, which is what makes the daily limit exact under concurrency.
 */
export const walletDailySpend = pgTable(
  "wallet_daily_spend",
  {
    walletPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    day: date({ mode: "string" }).notNull(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    spent: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.walletPayIdId, t.day] })],
);

/** The same per recipient PayID: the day's PayID transfers from a wallet to one member. */
export const walletMemberDailySpend = pgTable(
  "wallet_member_daily_spend",
  {
    walletPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    memberPayIdId: uuid()
      .notNull()
      .references(() => payIds.id),
    day: date({ mode: "string" }).notNull(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    spent: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.walletPayIdId, t.memberPayIdId, t.day] })],
);

export type WalletSettings = typeof walletSettings.$inferSelect;
export type WalletMember = typeof walletMembers.$inferSelect;
