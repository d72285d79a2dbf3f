import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { merchants } from "./merchants";

/**
 * What a merchant marked on Home's "Get started" checklist (issue 26 item 3): the steps
 * themselves are computed from the records (lib/overview/get-started.ts); only the two choices
 * that no record shows are kept here: "no team to invite" and "hide this checklist".
 */
export const getStartedMarks = pgTable("get_started_marks", {
  merchantId: uuid()
    .primaryKey()
    .references(() => merchants.id, { onDelete: "cascade" }),
  /** The owner said they work alone for now: the team step counts as done. */
  teamMarkedDoneAt: timestamp({ withTimezone: true }),
  /** The checklist was dismissed before every step was done. */
  dismissedAt: timestamp({ withTimezone: true }),
  updatedAt: updatedAt(),
});
export type GetStartedMarks = typeof getStartedMarks.$inferSelect;
