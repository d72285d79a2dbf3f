import { count, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ACTIVATION_DOCUMENT_KINDS, activationDocuments, type ActivationDocumentKind } from "@/db/schema";

/**
 * Activation documents (issue 25 item 1), an operator setting: `OWO_ACTIVATION_DOCUMENTS` is
 * `off` (the default: no Documents step), `optional` (the owner may attach files; submission
 * goes through without) or `required` (submission is refused until the CAC certificate, for a
 * business, and a government-issued ID are attached). Anything else reads as `off`.
 */
export const ACTIVATION_DOCUMENTS_SETTINGS = ["off", "optional", "required"] as const;
export type ActivationDocumentsSetting = (typeof ACTIVATION_DOCUMENTS_SETTINGS)[number];

export function activationDocumentsSetting(env: Record<string, string | undefined> = process.env): ActivationDocumentsSetting {
  const v = env.OWO_ACTIVATION_DOCUMENTS?.trim().toLowerCase();
  return v === "optional" || v === "required" ? v : "off";
}

export { ACTIVATION_DOCUMENT_KINDS, type ActivationDocumentKind };

export const DOCUMENT_KIND_LABELS: Record<ActivationDocumentKind, string> = {
  cac_certificate: "CAC certificate",
  government_id: "Government-issued ID",
  other: "Other document",
};

/** 5 MiB a file; a few files a kind (both sides of an ID, a certificate and its status report…). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENTS_PER_KIND = 3;
export const DOCUMENT_ACCEPT = "application/pdf,image/png,image/jpeg";

/** The kinds a merchant of this type may attach (a personal account has no CAC certificate). */
export function documentKindsFor(type: "business" | "personal"): ActivationDocumentKind[] {
  return type === "business" ? [...ACTIVATION_DOCUMENT_KINDS] : ["government_id", "other"];
}

/** The kinds `required` asks for: a business's CAC certificate, and everyone's government ID. */
export function requiredDocumentKinds(type: "business" | "personal"): ActivationDocumentKind[] {
  return type === "business" ? ["cac_certificate", "government_id"] : ["government_id"];
}

/** The required kinds with no file yet (none unless the setting is `required`). */
export async function missingDocumentKinds(
  tx: DbOrTx,
  input: { merchantId: string; merchantType: "business" | "personal"; setting: ActivationDocumentsSetting },
): Promise<ActivationDocumentKind[]> {
  if (input.setting !== "required") return [];
  const counts = await documentCounts(tx, input.merchantId);
  return requiredDocumentKinds(input.merchantType).filter((k) => !counts[k]);
}

/** How many files of each kind the merchant has attached. */
export async function documentCounts(tx: DbOrTx, merchantId: string): Promise<Record<ActivationDocumentKind, number>> {
  const rows = await tx
    .select({ kind: activationDocuments.kind, n: count() })
    .from(activationDocuments)
    .where(eq(activationDocuments.merchantId, merchantId))
    .groupBy(activationDocuments.kind);
  const out = { cac_certificate: 0, government_id: 0, other: 0 };
  for (const r of rows) out[r.kind] = r.n;
  return out;
}

/**
 * The types a document may be, told by its first bytes (never by its name or the type the
 * browser claims): a PDF starts `%PDF-`, a PNG with its 8-byte signature, a JPEG `FF D8 FF`.
 */
const SIGNATURES: { type: string; name: string; test: (b: Buffer) => boolean }[] = [
  { type: "application/pdf", name: "PDF", test: (b) => b.length > 5 && b.subarray(0, 5).toString("latin1") === "%PDF-" },
  { type: "image/png", name: "PNG image", test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/jpeg", name: "JPEG image", test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
];

/** A size as an owner reads it: "240 KB", "3.2 MB". */
export const documentSizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.ceil(bytes / 1024))} KB`;

/**
 * The content type of an acceptable document, or why it is refused (in the owner's words). A
 * file whose declared type (the browser's) is one we accept but whose bytes are not that type
 * is refused: a renamed file is not what it says it is.
 */
export function checkDocument(bytes: Buffer, declaredType?: string | null): { ok: true; contentType: string } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: "The file is empty. Choose a PDF, PNG or JPEG file." };
  if (bytes.length > MAX_DOCUMENT_BYTES) return { ok: false, message: `A document must be 5 MB or smaller; this file is ${documentSizeText(bytes.length)}.` };
  const found = SIGNATURES.find((s) => s.test(bytes));
  const declared = declaredType?.trim().toLowerCase().replace("image/jpg", "image/jpeg");
  const claimed = SIGNATURES.find((s) => s.type === declared);
  if (claimed && found?.type !== claimed.type)
    return { ok: false, message: `This file says it is a ${claimed.name} but its content is not. Upload the original PDF, PNG or JPEG file.` };
  if (!found) return { ok: false, message: "A document must be a PDF, PNG or JPEG file." };
  return { ok: true, contentType: found.type };
}

/** A file name safe to store and to send back in Content-Disposition: no folders, no control characters, at most 120 characters. */
export function cleanFileName(name: string | null | undefined, contentType: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(-120);
  if (cleaned && cleaned !== "." && cleaned !== "..") return cleaned;
  return `document.${contentType === "application/pdf" ? "pdf" : contentType === "image/png" ? "png" : "jpg"}`;
}
