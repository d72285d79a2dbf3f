import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { activationDocuments, auditLog, merchants } from "@/db/schema";
import type { Actor } from "@/lib/audit/record-audit";
import { isAppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { activationState, reviewActivation, saveBusinessDetails, saveOwnerIdentity, savePayoutAccount, submitActivation } from "./activation";
import { activationDocumentsSetting, checkDocument, cleanFileName, MAX_DOCUMENT_BYTES } from "./activation-document-rules";
import { downloadActivationDocument, listActivationDocuments, removeActivationDocument, uploadActivationDocument } from "./activation-documents";
import { signUp } from "./sign-up";

/*
 * Activation documents (issue 25 item 1): OWO_ACTIVATION_DOCUMENTS off (default: nothing
 * changes), optional (files may be attached, submission goes through without) or required (a
 * business's CAC certificate and a government ID before submission). Files are PDF, PNG or JPEG
 * by their bytes, at most 5 MiB, sealed at rest, locked once submitted. The setting is passed
 * explicitly (the functions read the environment only when it is not given): no env is changed.
 * Real Postgres, the sandbox rail.
 */

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const owner: Actor = { type: "user", ip: "198.51.100.17", userAgent: "vitest activation documents" };
const admin: Actor = { type: "admin", ip: "198.51.100.18", userAgent: "vitest activation documents" };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: unknown) => (isAppError(e) ? `${e.status} ${e.code}: ${e.message}${e.details ? ` (${e.details.join("; ")})` : ""}` : `threw ${String(e)}`),
  );

/** A PDF with a marker of its own in its text (searched for at rest). */
const pdf = (marker = `owo-doc-${randomBase62(16)}`) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${marker}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, "latin1");
/** A 1×1 PNG. */
const png = () => Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

async function signedUp(type: "business" | "personal" = "business"): Promise<string> {
  const businessName = `Documents Co ${randomBase62(6)}`;
  const r = await signUp(db, {
    type,
    businessName,
    name: "Ada Obi",
    email: `docs-${randomBase62(8).toLowerCase()}@example.com`,
    password: "a-strong-password",
    actor: owner,
    ip: `203.0.113.${randomBase62(5)}`,
    baseUrl: null,
  });
  expect(r.created).toBe(true);
  const [m] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.name, businessName));
  return m!.id;
}

async function completeRequest(merchantId: string, type: "business" | "personal" = "business") {
  await saveBusinessDetails(db, {
    merchantId,
    actor: owner,
    legalName: type === "business" ? "Documents Company Limited" : "Ada Obi",
    rcNumber: type === "business" ? "RC1234567" : undefined,
    address: "12 Marina, Lagos",
  });
  await saveOwnerIdentity(db, { merchantId, actor: owner, ownerName: "Ada Obi", identityType: "bvn", identityNumber: "22212345678" });
  await savePayoutAccount(db, { merchantId, actor: owner, bankCode: "058", accountNumber: "0123456789" });
}

const upload = (
  merchantId: string,
  kind: "cac_certificate" | "government_id" | "other",
  bytes: Buffer,
  opts: { setting?: "off" | "optional" | "required"; contentType?: string; fileName?: string } = {},
) =>
  uploadActivationDocument(db, {
    merchantId,
    kind,
    bytes,
    fileName: opts.fileName ?? `${kind}.pdf`,
    contentType: opts.contentType ?? "application/pdf",
    actor: owner,
    setting: opts.setting ?? "required",
  });

describe("the operator setting", () => {
  it("reads OWO_ACTIVATION_DOCUMENTS: off unless optional or required", () => {
    expect(activationDocumentsSetting({})).toBe("off");
    expect(activationDocumentsSetting({ OWO_ACTIVATION_DOCUMENTS: "off" })).toBe("off");
    expect(activationDocumentsSetting({ OWO_ACTIVATION_DOCUMENTS: " Optional " })).toBe("optional");
    expect(activationDocumentsSetting({ OWO_ACTIVATION_DOCUMENTS: "REQUIRED" })).toBe("required");
    expect(activationDocumentsSetting({ OWO_ACTIVATION_DOCUMENTS: "yes" })).toBe("off");
  });

  it("off: a complete request is submitted without documents, as before, and no file can be attached", async () => {
    const m = await signedUp();
    await completeRequest(m);
    expect(await refusal(upload(m, "government_id", pdf(), { setting: "off" }))).toMatch(
      /^400 INVALID_STATE: This Owo server does not collect activation documents/,
    );
    expect((await submitActivation(db, { merchantId: m, actor: owner, documents: "off" })).request!.status).toBe("submitted");
    expect(await listActivationDocuments(db, m)).toEqual([]);
  });

  it("optional: files may be attached, and submission goes through without any", async () => {
    const m = await signedUp();
    await completeRequest(m);
    expect((await submitActivation(db, { merchantId: m, actor: owner, documents: "optional" })).request!.status).toBe("submitted");

    const other = await signedUp();
    await completeRequest(other);
    const doc = await upload(other, "other", png(), { setting: "optional", contentType: "image/png", fileName: "shop-front.png" });
    expect(doc).toMatchObject({ kind: "other", fileName: "shop-front.png", contentType: "image/png", size: png().length });
    expect((await submitActivation(db, { merchantId: other, actor: owner, documents: "optional" })).request!.status).toBe("submitted");
  });
});

describe("required documents", () => {
  it("a business is refused until its CAC certificate and a government ID are attached, then accepted", async () => {
    const m = await signedUp("business");
    await completeRequest(m);
    const submit = () => submitActivation(db, { merchantId: m, actor: owner, documents: "required" });
    expect(await refusal(submit())).toBe(
      "400 HTTP_ERROR: Upload the required documents before you submit (CAC certificate is missing; Government-issued ID is missing)",
    );

    await upload(m, "government_id", png(), { contentType: "image/png", fileName: "C:\\Users\\ada\\passport.png" });
    expect(await refusal(submit())).toBe("400 HTTP_ERROR: Upload the required documents before you submit (CAC certificate is missing)");
    // An "other" document is not a CAC certificate.
    await upload(m, "other", pdf());
    expect(await refusal(submit())).toMatch(/CAC certificate is missing/);
    expect((await activationState(db, m)).request!.status).toBe("draft");

    await upload(m, "cac_certificate", pdf());
    expect((await submit()).request!.status).toBe("submitted");
    const docs = await listActivationDocuments(db, m);
    expect(docs.map((d) => d.kind).sort()).toEqual(["cac_certificate", "government_id", "other"]);
    expect(docs.find((d) => d.kind === "government_id")!.fileName).toBe("passport.png");
    const audited = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m), eq(auditLog.action, "activation.document_uploaded")));
    expect(audited).toHaveLength(3);
  });

  it("a personal account needs only a government ID (and cannot attach a CAC certificate)", async () => {
    const m = await signedUp("personal");
    await completeRequest(m, "personal");
    expect(await refusal(submitActivation(db, { merchantId: m, actor: owner, documents: "required" }))).toBe(
      "400 HTTP_ERROR: Upload the required documents before you submit (Government-issued ID is missing)",
    );
    expect(await refusal(upload(m, "cac_certificate", pdf()))).toMatch(/^400 .*A personal account has no CAC certificate/);
    await upload(m, "government_id", pdf());
    expect((await submitActivation(db, { merchantId: m, actor: owner, documents: "required" })).request!.status).toBe("submitted");
  });

  it("removing a required document before submission makes it missing again", async () => {
    const m = await signedUp();
    await completeRequest(m);
    await upload(m, "cac_certificate", pdf());
    const id = await upload(m, "government_id", pdf());
    await removeActivationDocument(db, { merchantId: m, documentId: id.id, actor: owner });
    expect(await refusal(submitActivation(db, { merchantId: m, actor: owner, documents: "required" }))).toMatch(/Government-issued ID is missing/);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.merchantId, m), eq(auditLog.action, "activation.document_removed"))),
    ).toHaveLength(1);
  });
});

describe("the files", () => {
  it("a file that claims to be a PDF but is not is refused, by its bytes; so is a PNG named as a PDF", async () => {
    const m = await signedUp();
    expect(
      await refusal(
        upload(m, "cac_certificate", Buffer.from("MZ\x90\x00 this is an executable, honest", "latin1"), {
          contentType: "application/pdf",
          fileName: "cac.pdf",
        }),
      ),
    ).toMatch(/^400 HTTP_ERROR: .*This file says it is a PDF but its content is not/);
    expect(await refusal(upload(m, "cac_certificate", png(), { contentType: "application/pdf", fileName: "cac.pdf" }))).toMatch(
      /says it is a PDF but its content is not/,
    );
    // No declared type at all: the bytes alone decide (an HTML page is no document).
    expect(await refusal(upload(m, "other", Buffer.from("<html><script>alert(1)</script></html>"), { contentType: "" }))).toMatch(
      /must be a PDF, PNG or JPEG file/,
    );
    expect(await refusal(upload(m, "other", Buffer.alloc(0)))).toMatch(/The file is empty/);
    expect(await listActivationDocuments(db, m)).toEqual([]);
    // The stored type is the one the bytes show, whatever was declared.
    expect((await upload(m, "other", png(), { contentType: "application/octet-stream", fileName: "photo" })).contentType).toBe("image/png");
  });

  it("over 5 MB is refused; 5 MB exactly is a document", async () => {
    const m = await signedUp();
    const big = Buffer.concat([pdf(), Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    expect(await refusal(upload(m, "cac_certificate", big))).toMatch(/^400 .*A document must be 5 MB or smaller; this file is 5\.0 MB/);
    expect(checkDocument(Buffer.concat([pdf(), Buffer.alloc(MAX_DOCUMENT_BYTES - pdf().length)]), "application/pdf")).toEqual({
      ok: true,
      contentType: "application/pdf",
    });
    expect(await listActivationDocuments(db, m)).toEqual([]);
  });

  it("at most three files of a kind", async () => {
    const m = await signedUp();
    for (let i = 0; i < 3; i++) await upload(m, "government_id", pdf());
    expect(await refusal(upload(m, "government_id", pdf()))).toMatch(/At most 3 files for the Government-issued ID: remove one first/);
    await upload(m, "other", pdf());
  });

  it("the bytes at rest are not the plain file; an admin's download opens them, answers the stored type, and is audited", async () => {
    const m = await signedUp();
    const marker = `owo-plain-${randomBase62(20)}`;
    const plain = pdf(marker);
    const doc = await upload(m, "cac_certificate", plain, { fileName: "cac-certificate.pdf" });

    const [row] = await db
      .select({ sealed: activationDocuments.sealedBytes, sha256: activationDocuments.sha256, size: activationDocuments.size })
      .from(activationDocuments)
      .where(eq(activationDocuments.id, doc.id));
    expect(row!.size).toBe(plain.length);
    expect(row!.sealed.equals(plain)).toBe(false);
    expect(row!.sealed.includes(Buffer.from(marker))).toBe(false);
    expect(row!.sealed.includes(Buffer.from("%PDF-"))).toBe(false);
    // Not even as the database shows it (bytea's hex text).
    const [hex] = await db.execute<{ hex: string }>(sql`select encode(sealed_bytes, 'hex') as hex from activation_documents where id = ${doc.id}`);
    expect(hex!.hex).not.toContain(Buffer.from(marker).toString("hex"));

    const got = await downloadActivationDocument(db, { merchantId: m, documentId: doc.id, actor: admin });
    expect(got).toMatchObject({ fileName: "cac-certificate.pdf", contentType: "application/pdf" });
    expect(got.bytes.equals(plain)).toBe(true);
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m), eq(auditLog.action, "activation.document_downloaded")));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorType: "admin", targetType: "activation_document", targetId: doc.id });

    // A sealed file copied onto another row does not open there (bound to its id).
    const twin = await upload(m, "other", pdf());
    await db.update(activationDocuments).set({ sealedBytes: row!.sealed, sha256: row!.sha256 }).where(eq(activationDocuments.id, twin.id));
    await expect(downloadActivationDocument(db, { merchantId: m, documentId: twin.id, actor: admin })).rejects.toThrow();
  });

  it("another merchant's document answers not found: to remove, and to download under the wrong merchant", async () => {
    const a = await signedUp();
    const b = await signedUp();
    const doc = await upload(a, "government_id", pdf());
    expect(await refusal(removeActivationDocument(db, { merchantId: b, documentId: doc.id, actor: owner }))).toBe("404 NOT_FOUND: No such document.");
    expect(await refusal(downloadActivationDocument(db, { merchantId: b, documentId: doc.id, actor: admin }))).toBe("404 NOT_FOUND: No such document.");
    expect(await refusal(downloadActivationDocument(db, { merchantId: a, documentId: "not-a-uuid", actor: admin }))).toBe("404 NOT_FOUND: No such document.");
    expect(await listActivationDocuments(db, a)).toHaveLength(1);
    expect(await listActivationDocuments(db, b)).toEqual([]);
  });

  it("locked once submitted (no upload, no removal) until the admin asks for changes", async () => {
    const m = await signedUp();
    await completeRequest(m);
    await upload(m, "cac_certificate", pdf());
    const id = await upload(m, "government_id", pdf());
    await submitActivation(db, { merchantId: m, actor: owner, documents: "required" });

    const locked = "400 INVALID_STATE: Your activation request is under review; it cannot be changed now.";
    expect(await refusal(upload(m, "other", pdf()))).toBe(locked);
    expect(await refusal(removeActivationDocument(db, { merchantId: m, documentId: id.id, actor: owner }))).toBe(locked);
    expect(await listActivationDocuments(db, m)).toHaveLength(2);

    await reviewActivation(db, { merchantId: m, decision: "request_changes", note: "The ID photo is blurred", actor: admin });
    await removeActivationDocument(db, { merchantId: m, documentId: id.id, actor: owner });
    await upload(m, "government_id", png(), { contentType: "image/png" });
    expect((await submitActivation(db, { merchantId: m, actor: owner, documents: "required" })).request!.status).toBe("submitted");
  });

  it("file names are kept without folders or control characters", () => {
    expect(cleanFileName("../../etc/passwd", "application/pdf")).toBe("passwd");
    expect(cleanFileName('C:\\scan\\"ID"\r\n.png', "image/png")).toBe("ID.png");
    expect(cleanFileName("", "image/jpeg")).toBe("document.jpg");
    expect(cleanFileName("..", "application/pdf")).toBe("document.pdf");
  });
});
