import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db/client";
import { activationDocuments, type ActivationDocumentKind } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { invalidState, notFound, validationError } from "@/lib/errors";
import { newUuid } from "@/lib/ids";
import { openBytes, sealBytes } from "@/lib/security/secret-box";
import { isUuid } from "@/lib/text-patterns";
import { parseOrThrow } from "@/lib/validation";
import { lockForEdit } from "./activation";
import {
  ACTIVATION_DOCUMENT_KINDS,
  activationDocumentsSetting,
  checkDocument,
  cleanFileName,
  DOCUMENT_KIND_LABELS,
  documentKindsFor,
  documentSizeText,
  MAX_DOCUMENTS_PER_KIND,
  type ActivationDocumentsSetting,
} from "./activation-document-rules";

/**
 * The files an owner attaches to the activation request (issue 25 item 1), when the operator
 * collects them (`OWO_ACTIVATION_DOCUMENTS` optional or required). Added and removed only while
 * the request is editable (draft, or changes asked for), under the request's lock; sealed at
 * rest; an admin reads them back (audited).
 */

/** What the owner's and the admin's pages list: never the bytes. */
export type ActivationDocumentItem = {
  id: string;
  kind: ActivationDocumentKind;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date;
};

const ITEM = {
  id: activationDocuments.id,
  kind: activationDocuments.kind,
  fileName: activationDocuments.fileName,
  contentType: activationDocuments.contentType,
  size: activationDocuments.size,
  sha256: activationDocuments.sha256,
  createdAt: activationDocuments.createdAt,
};

export async function listActivationDocuments(db: DbOrTx, merchantId: string): Promise<ActivationDocumentItem[]> {
  if (!isUuid(merchantId)) return [];
  return db
    .select(ITEM)
    .from(activationDocuments)
    .where(eq(activationDocuments.merchantId, merchantId))
    .orderBy(asc(activationDocuments.createdAt), asc(activationDocuments.id));
}

export const UploadDocumentInput = z.object({
  kind: z.enum(ACTIVATION_DOCUMENT_KINDS, { error: "Choose what the document is" }),
  fileName: z.string().max(1000).optional(),
  /** The type the browser declared: checked against the bytes, never trusted. */
  contentType: z.string().max(200).optional(),
});

const notCollected = () => invalidState("This Owo server does not collect activation documents.");

/**
 * Attaches a file to the merchant's activation request. Refused: when the operator does not
 * collect documents; when the request is not editable (submitted, decided); a file that is not a
 * PDF, PNG or JPEG by its bytes (or not what its declared type says), empty, or over 5 MiB; a
 * kind the merchant cannot have (a personal account's CAC certificate); more than
 * MAX_DOCUMENTS_PER_KIND of a kind. Audited.
 */
export async function uploadActivationDocument(
  db: Db,
  input: z.input<typeof UploadDocumentInput> & { merchantId: string; bytes: Buffer; actor: Actor; setting?: ActivationDocumentsSetting },
): Promise<ActivationDocumentItem> {
  if ((input.setting ?? activationDocumentsSetting()) === "off") throw notCollected();
  const data = parseOrThrow(UploadDocumentInput, { kind: input.kind, fileName: input.fileName, contentType: input.contentType });
  const check = checkDocument(input.bytes, data.contentType);
  if (!check.ok) throw validationError([check.message]);
  const fileName = cleanFileName(data.fileName, check.contentType);
  const sha256 = createHash("sha256").update(input.bytes).digest("hex");
  const id = newUuid();
  const sealedBytes = sealBytes(input.bytes, id);
  return db.transaction(async (tx) => {
    const state = await lockForEdit(tx, input.merchantId);
    if (!documentKindsFor(state.merchantType).includes(data.kind)) throw validationError([`A personal account has no ${DOCUMENT_KIND_LABELS[data.kind]}`]);
    const same = await tx
      .select({ id: activationDocuments.id })
      .from(activationDocuments)
      .where(and(eq(activationDocuments.merchantId, input.merchantId), eq(activationDocuments.kind, data.kind)));
    if (same.length >= MAX_DOCUMENTS_PER_KIND) {
      throw validationError([`At most ${MAX_DOCUMENTS_PER_KIND} files for the ${DOCUMENT_KIND_LABELS[data.kind]}: remove one first`]);
    }
    const [row] = await tx
      .insert(activationDocuments)
      .values({
        id,
        merchantId: input.merchantId,
        kind: data.kind,
        fileName,
        contentType: check.contentType,
        size: input.bytes.length,
        sha256,
        sealedBytes,
        uploadedBy: input.actor.userId ?? null,
      })
      .returning(ITEM);
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "activation.document_uploaded",
      targetType: "activation_document",
      targetId: id,
      changes: { document: { to: `${DOCUMENT_KIND_LABELS[data.kind]}: ${fileName} (${documentSizeText(input.bytes.length)})` } },
    });
    return row!;
  });
}

/** Removes one of the merchant's documents while the request is editable; another merchant's answers 404. Audited. */
export async function removeActivationDocument(db: Db, input: { merchantId: string; documentId: string; actor: Actor }): Promise<void> {
  if (!isUuid(input.documentId)) throw notFound("No such document.");
  await db.transaction(async (tx) => {
    await lockForEdit(tx, input.merchantId);
    const [gone] = await tx
      .delete(activationDocuments)
      .where(and(eq(activationDocuments.id, input.documentId), eq(activationDocuments.merchantId, input.merchantId)))
      .returning({ kind: activationDocuments.kind, fileName: activationDocuments.fileName });
    if (!gone) throw notFound("No such document.");
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "activation.document_removed",
      targetType: "activation_document",
      targetId: input.documentId,
      changes: { document: { from: `${DOCUMENT_KIND_LABELS[gone.kind]}: ${gone.fileName}` } },
    });
  });
}

/**
 * A platform admin downloads a document of a merchant's request: the plain bytes (opened and
 * checked against the stored SHA-256) and how to serve them. The document must belong to that
 * merchant (else 404). The download is audited in the same transaction as the read.
 */
export async function downloadActivationDocument(
  db: Db,
  input: { merchantId: string; documentId: string; actor: Actor },
): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
  if (!isUuid(input.merchantId) || !isUuid(input.documentId)) throw notFound("No such document.");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...ITEM, sealedBytes: activationDocuments.sealedBytes })
      .from(activationDocuments)
      .where(and(eq(activationDocuments.id, input.documentId), eq(activationDocuments.merchantId, input.merchantId)));
    if (!row) throw notFound("No such document.");
    const bytes = openBytes(row.sealedBytes, row.id);
    if (createHash("sha256").update(bytes).digest("hex") !== row.sha256) throw new Error(`activation document ${row.id}: content does not match its SHA-256`);
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "activation.document_downloaded",
      targetType: "activation_document",
      targetId: row.id,
      changes: { document: { to: `${DOCUMENT_KIND_LABELS[row.kind]}: ${row.fileName}` } },
    });
    return { fileName: row.fileName, contentType: row.contentType, bytes };
  });
}
