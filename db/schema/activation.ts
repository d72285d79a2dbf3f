import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { users } from "./users";

/**
 * Where a merchant's activation request stands (supplement §13). `draft` while its owner
 * fills it in (steps can be left and resumed); `submitted` waits for an admin; the admin
 * approves (`merchants.activated_at` is set), rejects with a reason, or asks for changes
 * (back to the owner, who edits and submits again).
 */
export const ACTIVATION_STATUSES = ["draft", "submitted", "changes_requested", "approved", "rejected"] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/** The identity registry's answer for the owner's name, or why it was not asked. */
export const IDENTITY_OUTCOMES = ["match", "mismatch", "unavailable", "not_configured"] as const;
export type IdentityOutcome = (typeof IDENTITY_OUTCOMES)[number];

/**
 * One activation request per merchant (its current state; history is in the audit log).
 * The owner's BVN or NIN is never stored: only its type, last four digits and the registry's
 * answer. The payout account is the one name enquiry returned (the name is the bank's).
 */
export const activationRequests = pgTable(
  "activation_requests",
  {
    merchantId: uuid()
      .primaryKey()
      .references(() => merchants.id),
    status: text({ enum: ACTIVATION_STATUSES }).notNull().default("draft"),
    // ---- Business details
    legalName: text(),
    /** CAC registration number (RC/BN); businesses only. */
    rcNumber: text(),
    address: text(),
    // ---- The owner's identity
    ownerName: text(),
    identityType: text({ enum: ["bvn", "nin"] }),
    identityLast4: text(),
    identityOutcome: text({ enum: IDENTITY_OUTCOMES }),
    /** Why the registry gave no answer (`unavailable`), for the reviewer. */
    identityNote: text(),
    identityCheckedAt: timestamp({ withTimezone: true }),
    // ---- The payout account, verified by name enquiry
    payoutBankCode: text(),
    payoutAccountNumber: text(),
    payoutAccountName: text(),
    payoutVerifiedAt: timestamp({ withTimezone: true }),
    // ---- Review
    submittedAt: timestamp({ withTimezone: true }),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: text(),
    /** The admin's reason (rejected) or what to change (changes_requested). */
    reviewNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("activation_requests_queue_idx")
      .on(t.submittedAt)
      .where(sql`${t.status} = 'submitted'`),
  ],
);
export type ActivationRequest = typeof activationRequests.$inferSelect;

/** What an activation document is (issue 25 item 1: documents, by operator setting). */
export const ACTIVATION_DOCUMENT_KINDS = ["cac_certificate", "government_id", "other"] as const;
export type ActivationDocumentKind = (typeof ACTIVATION_DOCUMENT_KINDS)[number];

/**
 * The files an owner attached to the activation request (`OWO_ACTIVATION_DOCUMENTS` optional or
 * required): PDF, PNG or JPEG (told by their bytes), at most 5 MiB each. The bytes are sealed at
 * rest (`sealBytes`, lib/security/secret-box.ts, bound to the row's id); the SHA-256 is of the
 * plain file. Added and removed by the owner while the request is editable; an admin downloads
 * them (audited).
 */
export const activationDocuments = pgTable(
  "activation_documents",
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    kind: text({ enum: ACTIVATION_DOCUMENT_KINDS }).notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    /** The plain file's size in bytes. */
    size: integer().notNull(),
    sha256: text().notNull(),
    sealedBytes: bytea().notNull(),
    uploadedBy: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("activation_documents_merchant_idx").on(t.merchantId, t.createdAt),
    check("activation_documents_kind_check", sql`${t.kind} IN ('cac_certificate', 'government_id', 'other')`),
    check("activation_documents_size_check", sql`${t.size} > 0 AND ${t.size} <= 5242880`),
  ],
);
export type ActivationDocument = typeof activationDocuments.$inferSelect;
