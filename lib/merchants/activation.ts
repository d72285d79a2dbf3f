import { and, asc, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import {
  ACTIVATION_STATUSES,
  activationRequests,
  apiKeyPairs,
  memberships,
  merchants,
  users,
  type ActivationRequest,
  type ActivationStatus,
  type IdentityOutcome,
} from "@/db/schema";
import { recordAudit, SYSTEM_ACTOR, type Actor } from "@/lib/audit/record-audit";
import { findBank } from "@/lib/bank/nigerian-banks";
import { appError, httpError, invalidState, notFound, validationError } from "@/lib/errors";
import { forgetKeyPair } from "@/lib/keys/key-cache";
import { sendMail } from "@/lib/mail/mailer";
import { railFor, railsFor } from "@/lib/rails/router";
import { isUuid } from "@/lib/text-patterns";
import { parseOrThrow } from "@/lib/validation";
import { activationDocumentsSetting, DOCUMENT_KIND_LABELS, missingDocumentKinds, type ActivationDocumentsSetting } from "./activation-document-rules";

/**
 * Activation (supplement §13): a merchant who signed up works in test mode at once; live mode
 * opens when an admin approves its request (business details, the owner's name checked
 * against BVN or NIN through a rail where one can, a payout account verified by name
 * enquiry). `OWO_ACTIVATION=auto` approves every request on submission (a single-business
 * deployment); anything else (default `review`) waits for an admin.
 */
export type ActivationMode = "review" | "auto";
export function activationMode(env: Record<string, string | undefined> = process.env): ActivationMode {
  return env.OWO_ACTIVATION?.trim().toLowerCase() === "auto" ? "auto" : "review";
}

/** The steps of the request, in order; each is complete when its fields are set. */
export const ACTIVATION_STEPS = ["business", "identity", "payout"] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];

export { ACTIVATION_STATUSES };

export type ActivationState = {
  merchantName: string;
  merchantCreatedAt: Date;
  activatedAt: Date | null;
  merchantType: "business" | "personal";
  request: ActivationRequest | null;
  /** Steps done, for the flow's progress. */
  done: Record<ActivationStep, boolean>;
  /** Whether the owner may still change it (draft, or changes asked for). */
  editable: boolean;
};

const EDITABLE: ActivationStatus[] = ["draft", "changes_requested"];

function stepsDone(r: ActivationRequest | null, type: "business" | "personal"): Record<ActivationStep, boolean> {
  return {
    business: Boolean(r?.legalName && r.address && (type === "personal" || r.rcNumber)),
    identity: Boolean(r?.ownerName && r.identityType && r.identityOutcome && r.identityOutcome !== "mismatch"),
    payout: Boolean(r?.payoutAccountNumber && r.payoutVerifiedAt),
  };
}

export async function activationState(db: DbOrTx, merchantId: string): Promise<ActivationState> {
  const [row] = await db
    .select({
      merchant: { name: merchants.name, createdAt: merchants.createdAt, activatedAt: merchants.activatedAt, type: merchants.type },
      request: activationRequests,
    })
    .from(merchants)
    .leftJoin(activationRequests, eq(activationRequests.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId));
  if (!row) throw notFound("Merchant not found.");
  const request = row.request ?? null;
  return {
    merchantName: row.merchant.name,
    merchantCreatedAt: row.merchant.createdAt,
    activatedAt: row.merchant.activatedAt,
    merchantType: row.merchant.type,
    request,
    done: stepsDone(request, row.merchant.type),
    editable: !row.merchant.activatedAt && (!request || EDITABLE.includes(request.status)),
  };
}

const notEditable = (state: ActivationState) =>
  invalidState(
    state.activatedAt
      ? "Your business is already activated."
      : state.request?.status === "submitted"
        ? "Your activation request is under review; it cannot be changed now."
        : "Your activation request was declined. Contact support.",
  );

/** Locks the merchant's request row (made as a draft when missing) for a change by its owner. */
export async function lockForEdit(tx: DbOrTx, merchantId: string): Promise<ActivationState> {
  await tx.insert(activationRequests).values({ merchantId }).onConflictDoNothing();
  await tx.select({ id: activationRequests.merchantId }).from(activationRequests).where(eq(activationRequests.merchantId, merchantId)).for("update");
  const state = await activationState(tx, merchantId);
  if (!state.editable) throw notEditable(state);
  return state;
}

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(2, `${field} must be at least 2 characters`)
    .max(max, `${field} must be at most ${max} characters`);

export const BusinessDetailsInput = z.object({
  legalName: text("Legal name", 160),
  rcNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .refine((v) => v === "" || /^(RC|BN)?\d{4,9}$/.test(v), "RC number must look like RC1234567 or BN1234567")
    .optional(),
  address: text("Address", 300),
});

/** Step 1: the business's legal name, CAC number (businesses) and address. */
export async function saveBusinessDetails(
  db: Db,
  input: z.input<typeof BusinessDetailsInput> & { merchantId: string; actor: Actor },
): Promise<ActivationState> {
  const data = parseOrThrow(BusinessDetailsInput, input);
  return db.transaction(async (tx) => {
    const state = await lockForEdit(tx, input.merchantId);
    if (state.merchantType === "business" && !data.rcNumber) {
      throw validationError(["RC number is required for a registered business"]);
    }
    await tx
      .update(activationRequests)
      .set({ legalName: data.legalName, rcNumber: state.merchantType === "business" ? (data.rcNumber ?? null) : null, address: data.address })
      .where(eq(activationRequests.merchantId, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "activation.business_saved",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { legal_name: { to: data.legalName } },
    });
    return activationState(tx, input.merchantId);
  });
}

export const OwnerIdentityInput = z.object({
  ownerName: text("Your full name", 120),
  identityType: z.enum(["bvn", "nin"], { error: "Choose BVN or NIN" }),
  identityNumber: z
    .string({ error: "The number is required" })
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => /^\d{11}$/.test(v), "A BVN or NIN has 11 digits"),
});

/**
 * Step 2: the owner's name checked against their BVN or NIN through the first live rail that
 * has an identity check (none configured: recorded as not checked, for the reviewer to weigh).
 * The number itself is never stored: its last four digits and the registry's answer are. A
 * mismatch is recorded and refused, so the owner can correct the name or the number.
 */
export async function saveOwnerIdentity(db: Db, input: z.input<typeof OwnerIdentityInput> & { merchantId: string; actor: Actor }): Promise<ActivationState> {
  const data = parseOrThrow(OwnerIdentityInput, input);
  const before = await activationState(db, input.merchantId);
  if (!before.editable) throw notEditable(before);
  const rail = identityRail();
  const check = rail
    ? await rail.verifyIdentity({ identityType: data.identityType, identityNumber: data.identityNumber, name: data.ownerName })
    : ({ outcome: "not_configured" } as const);
  const outcome = check.outcome;
  const note = check.outcome === "unavailable" ? check.reason : check.outcome === "not_configured" ? "No configured rail checks BVN or NIN" : null;
  const state = await db.transaction(async (tx) => {
    await lockForEdit(tx, input.merchantId);
    await tx
      .update(activationRequests)
      .set({
        ownerName: data.ownerName,
        identityType: data.identityType,
        identityLast4: data.identityNumber.slice(-4),
        identityOutcome: outcome,
        identityNote: note,
        identityCheckedAt: new Date(),
      })
      .where(eq(activationRequests.merchantId, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "activation.identity_checked",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { identity: { to: `${data.identityType.toUpperCase()} …${data.identityNumber.slice(-4)}: ${outcome}` } },
    });
    return activationState(tx, input.merchantId);
  });
  if (outcome === "mismatch") {
    throw appError("IDENTITY_MISMATCH", {
      message: `The name does not match the ${data.identityType.toUpperCase()} record. Check the spelling of your name as it appears on your ${data.identityType.toUpperCase()}, or the number.`,
    });
  }
  return state;
}

function identityRail() {
  try {
    return railsFor("live", "identityCheck")[0] ?? null;
  } catch {
    return null;
  }
}

export const PayoutAccountInput = z.object({
  bankCode: z
    .string({ error: "Choose a bank" })
    .trim()
    .refine((v) => Boolean(findBank(v)), "Choose a bank from the list"),
  accountNumber: z
    .string({ error: "The account number is required" })
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => /^\d{10}$/.test(v), "An account number has 10 digits"),
});

/** Step 3: the payout account, verified by name enquiry through the live rail (its name is the bank's). */
export async function savePayoutAccount(db: Db, input: z.input<typeof PayoutAccountInput> & { merchantId: string; actor: Actor }): Promise<ActivationState> {
  const data = parseOrThrow(PayoutAccountInput, input);
  const before = await activationState(db, input.merchantId);
  if (!before.editable) throw notEditable(before);
  const resolved = await railFor("live", "nameEnquiry").resolveAccount({ accountNumber: data.accountNumber, bankCode: data.bankCode });
  return db.transaction(async (tx) => {
    await lockForEdit(tx, input.merchantId);
    await tx
      .update(activationRequests)
      .set({ payoutBankCode: data.bankCode, payoutAccountNumber: data.accountNumber, payoutAccountName: resolved.account_name, payoutVerifiedAt: new Date() })
      .where(eq(activationRequests.merchantId, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "activation.payout_account_saved",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { payout_account: { to: `${findBank(data.bankCode)?.bankName ?? data.bankCode} ${data.accountNumber} (${resolved.account_name})` } },
    });
    return activationState(tx, input.merchantId);
  });
}

/**
 * The owner submits the request once every step is done. With OWO_ACTIVATION=auto it is
 * approved at once (by the system); otherwise it waits in the admin review queue. With
 * `OWO_ACTIVATION_DOCUMENTS=required` (`documents`, read from the environment unless given) it
 * is refused until the required documents are attached (checked under the request's lock, which
 * uploads and removals take too).
 */
export async function submitActivation(db: Db, input: { merchantId: string; actor: Actor; documents?: ActivationDocumentsSetting }): Promise<ActivationState> {
  const mode = activationMode();
  const documents = input.documents ?? activationDocumentsSetting();
  await db.transaction(async (tx) => {
    const state = await lockForEdit(tx, input.merchantId);
    const missing = ACTIVATION_STEPS.filter((s) => !state.done[s]);
    if (missing.length) {
      throw validationError(missing.map((s) => `${STEP_LABELS[s]} is not complete`));
    }
    const missingDocuments = await missingDocumentKinds(tx, { merchantId: input.merchantId, merchantType: state.merchantType, setting: documents });
    if (missingDocuments.length) {
      throw httpError(
        400,
        "Upload the required documents before you submit",
        missingDocuments.map((k) => `${DOCUMENT_KIND_LABELS[k]} is missing`),
      );
    }
    await tx
      .update(activationRequests)
      .set({ status: "submitted", submittedAt: new Date(), reviewNote: null })
      .where(eq(activationRequests.merchantId, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "activation.submitted",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { status: { from: state.request?.status ?? "draft", to: "submitted" } },
    });
  });
  if (mode === "auto") return reviewActivation(db, { merchantId: input.merchantId, decision: "approve", actor: SYSTEM_ACTOR, note: "OWO_ACTIVATION=auto" });
  return activationState(db, input.merchantId);
}

export const STEP_LABELS: Record<ActivationStep, string> = {
  business: "Business details",
  identity: "Your identity",
  payout: "Payout account",
};

export type ReviewDecision = "approve" | "reject" | "request_changes";

const DECIDED: Record<ReviewDecision, "approved" | "rejected" | "changes_requested"> = {
  approve: "approved",
  reject: "rejected",
  request_changes: "changes_requested",
};

/**
 * An admin decides a submitted request: approve (live mode opens: `merchants.activated_at`),
 * reject with a reason, or ask for changes (back to the owner). Audited and emailed to the
 * business's owners. Deciding a request that is not waiting answers 409.
 */
export async function reviewActivation(
  db: Db,
  input: { merchantId: string; decision: ReviewDecision; note?: string | null; actor: Actor },
): Promise<ActivationState> {
  if (!isUuid(input.merchantId)) throw notFound("No such activation request.");
  const note = input.note?.trim() || null;
  if (input.decision !== "approve" && (!note || note.length < 5)) {
    throw validationError([
      input.decision === "reject" ? "Give the reason for declining (at least 5 characters)" : "Say what to change (at least 5 characters)",
    ]);
  }
  if (note && note.length > 1000) throw validationError(["The note must be at most 1000 characters"]);
  const status = DECIDED[input.decision];
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(activationRequests).where(eq(activationRequests.merchantId, input.merchantId)).for("update");
    if (!row) throw notFound("No such activation request.");
    if (row.status !== "submitted") {
      throw invalidState(`This request is ${row.status.replace("_", " ")}, not waiting for a review.`);
    }
    await tx
      .update(activationRequests)
      .set({ status, reviewedAt: new Date(), reviewedBy: input.actor.userId ?? input.actor.type, reviewNote: note })
      .where(eq(activationRequests.merchantId, input.merchantId));
    if (status === "approved") await tx.update(merchants).set({ activatedAt: new Date() }).where(eq(merchants.id, input.merchantId));
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: `activation.${status}`,
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { status: { from: "submitted", to: status }, ...(note ? { note: { to: note } } : {}) },
    });
  });
  if (status === "approved") await forgetMerchantKeys(db, input.merchantId);
  await mailOwners(db, input.merchantId, DECISION_MAILS[status](note));
  return activationState(db, input.merchantId);
}

/**
 * `npx owo merchant activate --merchant ID`: an operator opens live mode for a merchant with or
 * without a request (a request waiting is marked approved). Activating an active merchant
 * changes nothing. Audited and emailed.
 */
export async function activateMerchant(db: Db, input: { merchantId: string; actor: Actor }): Promise<{ changed: boolean; activatedAt: Date }> {
  if (!isUuid(input.merchantId)) throw notFound("Merchant not found.");
  const result = await db.transaction(async (tx) => {
    const [m] = await tx.select({ activatedAt: merchants.activatedAt }).from(merchants).where(eq(merchants.id, input.merchantId)).for("update");
    if (!m) throw notFound("Merchant not found.");
    if (m.activatedAt) return { changed: false, activatedAt: m.activatedAt };
    const now = new Date();
    await tx.update(merchants).set({ activatedAt: now }).where(eq(merchants.id, input.merchantId));
    await tx
      .update(activationRequests)
      .set({ status: "approved", reviewedAt: now, reviewedBy: input.actor.userId ?? input.actor.type })
      .where(
        and(eq(activationRequests.merchantId, input.merchantId), inArray(activationRequests.status, ["draft", "submitted", "changes_requested", "rejected"])),
      );
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "activation.approved",
      targetType: "merchant",
      targetId: input.merchantId,
      changes: { activated: { from: false, to: true } },
    });
    return { changed: true, activatedAt: now };
  });
  if (result.changed) {
    await forgetMerchantKeys(db, input.merchantId);
    await mailOwners(db, input.merchantId, DECISION_MAILS.approved(null));
  }
  return result;
}

/** This instance's cached key lookups carry the old state (others see it within the cache's TTL). */
async function forgetMerchantKeys(db: Db, merchantId: string): Promise<void> {
  const pairs = await db.select({ id: apiKeyPairs.id }).from(apiKeyPairs).where(eq(apiKeyPairs.merchantId, merchantId));
  for (const p of pairs) forgetKeyPair(p.id);
}

type Mail = { subject: string; text: string };
const DECISION_MAILS: Record<Exclude<ActivationStatus, "draft" | "submitted">, (note: string | null) => Mail> = {
  approved: () => ({
    subject: "Your business is activated for live payments",
    text: "Good news: your business is activated on Owo. Live mode is open: create live API keys in the dashboard (Developers) and start taking real payments.",
  }),
  rejected: (note) => ({
    subject: "Your activation request was declined",
    text: `Your request to activate your business on Owo was declined.\n\nReason: ${note ?? "(none given)"}\n\nYou can keep using test mode. Reply to your Owo operator if you think this is a mistake.`,
  }),
  changes_requested: (note) => ({
    subject: "Your activation request needs changes",
    text: `Your request to activate your business on Owo needs a change before it can be approved:\n\n${note ?? ""}\n\nOpen the dashboard (Activate your business), make the change and submit again.`,
  }),
};

/** Emails the business's owners; a mail that fails is logged (by sendMail), never undoes the decision. */
async function mailOwners(db: Db, merchantId: string, mail: Mail): Promise<void> {
  const owners = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner")))
    .orderBy(asc(memberships.createdAt));
  // sendMail logs a failure itself and never throws.
  for (const o of owners) await sendMail({ to: o.email, subject: mail.subject, text: mail.text, purpose: "activation decision" });
}

/** The identity answer as a reviewer reads it. */
export const IDENTITY_OUTCOME_LABELS: Record<IdentityOutcome, string> = {
  match: "Name matches",
  mismatch: "No match",
  unavailable: "Registry did not answer",
  not_configured: "Not checked (no rail checks identity)",
};

export type ActivationQueueItem = {
  merchantId: string;
  merchantName: string;
  type: "business" | "personal";
  status: ActivationStatus;
  submittedAt: Date | null;
  identityOutcome: string | null;
};

/** The admin review queue: submitted requests oldest first, then the rest newest first. */
export async function listActivationRequests(db: Db, opts: { status?: ActivationStatus; limit?: number } = {}): Promise<ActivationQueueItem[]> {
  const rows = await db
    .select({
      merchantId: activationRequests.merchantId,
      merchantName: merchants.name,
      type: merchants.type,
      status: activationRequests.status,
      submittedAt: activationRequests.submittedAt,
      identityOutcome: activationRequests.identityOutcome,
      updatedAt: activationRequests.updatedAt,
    })
    .from(activationRequests)
    .innerJoin(merchants, eq(merchants.id, activationRequests.merchantId))
    .where(opts.status ? eq(activationRequests.status, opts.status) : undefined)
    .orderBy(asc(activationRequests.submittedAt))
    .limit(opts.limit ?? 200);
  const order = (s: ActivationStatus) => (s === "submitted" ? 0 : 1);
  return rows
    .sort((a, b) => order(a.status) - order(b.status) || (a.status === "submitted" ? 0 : b.updatedAt.getTime() - a.updatedAt.getTime()))
    .map(({ updatedAt: _u, ...r }) => r);
}

/** Requests waiting for an admin (the admin nav's badge). */
export async function countPendingActivations(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(activationRequests).where(eq(activationRequests.status, "submitted"));
  return row?.n ?? 0;
}
