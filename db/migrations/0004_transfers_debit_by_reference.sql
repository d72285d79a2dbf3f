ALTER TABLE "transfers" DROP CONSTRAINT "transfers_debit_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "transfers" DROP COLUMN "debit_entry_id";