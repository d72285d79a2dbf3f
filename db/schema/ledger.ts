import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, MODES } from "./columns";
import { merchants } from "./merchants";
import { payIds } from "./pay-ids";

/** What an account is for. Platform accounts have no merchant; one of each per mode. */
export const LEDGER_ACCOUNT_KINDS = [
  "wallet",
  "pending_settlement",
  "bank_clearing",
  "fee_revenue",
  "vat_payable",
  "stamp_duty_payable",
  "refunds_in_flight",
  "transfers_in_flight",
  "sandbox_funding",
  // What the rails' providers charge Owo (supplement §11): the platform's cost beside fee_revenue.
  "provider_fees",
  // Money a rail received for no known instrument, until an admin assigns or returns it.
  "suspense",
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * A balance in integer kobo. `balance` is the sum of the account's postings, kept in the
 * same transaction as each entry; the CHECK makes an overdraft impossible under any
 * concurrency for accounts that may not go negative.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: id(),
    /** Stable natural key, e.g. `wallet:<payIdId>` or `platform:test:fee_revenue`. */
    code: text().notNull().unique(),
    mode: text({ enum: MODES }).notNull(),
    kind: text({ enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    merchantId: uuid().references(() => merchants.id),
    payIdId: uuid().references(() => payIds.id),
    balance: bigint({ mode: "number" }).notNull().default(0),
    allowNegative: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check("ledger_accounts_no_overdraft", sql`${t.allowNegative} or ${t.balance} >= 0`), index().on(t.merchantId, t.mode, t.kind)],
);

/** One balanced movement of money. Never edited: a reversal is a mirrored entry. */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: id(),
    /** Unique: posting the same reference twice books it once. */
    reference: text().notNull().unique(),
    mode: text({ enum: MODES }).notNull(),
    merchantId: uuid().references(() => merchants.id),
    kind: text().notNull(),
    description: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    /** The entry this one reverses; at most one reversal per entry. */
    reversesEntryId: uuid().unique(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.merchantId, t.mode, t.createdAt)],
);

/** A signed amount on one account; an entry's postings sum to zero. */
export const postings = pgTable(
  "postings",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    entryId: uuid()
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: "number" }).notNull(),
    /** The account's balance right after this posting (a statement needs no window scan). */
    balanceAfter: bigint({ mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.accountId, t.id), index().on(t.entryId), check("postings_non_zero", sql`${t.amount} <> 0`)],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type JournalEntry = typeof journalEntries.$inferSelect;
