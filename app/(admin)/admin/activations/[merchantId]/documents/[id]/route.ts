// GET /admin/activations/:merchantId/documents/:id – one activation document, opened, as a download (platform admins only; audited)
import { getDb } from "@/db/client";
import { isAdminNow } from "@/lib/admin/is-admin";
import { requestActor } from "@/lib/audit/record-audit";
import { sessionUser } from "@/lib/auth/session-user";
import { isAppError } from "@/lib/errors";
import { downloadActivationDocument } from "@/lib/merchants/activation-documents";

export const dynamic = "force-dynamic";

/** Every answer: never sniffed, never cached, never rendered as a page of ours. */
const FIXED = {
  "x-content-type-options": "nosniff",
  "cache-control": "private, no-store",
  "content-security-policy": "default-src 'none'; sandbox",
};

const text = (status: number, body: string) => new Response(body, { status, headers: { ...FIXED, "content-type": "text/plain; charset=utf-8" } });

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function GET(req: Request, { params }: { params: Promise<{ merchantId: string; id: string }> }) {
  const user = await sessionUser();
  if (!user) return text(401, "Sign in first.");
  const db = await getDb();
  // Checked fresh in the database: a demoted admin's session is not enough.
  if (!(await isAdminNow(db, user.id))) return text(403, "Administrators only.");
  const { merchantId, id } = await params;
  try {
    const doc = await downloadActivationDocument(db, { merchantId, documentId: id, actor: requestActor("admin", user.id, req.headers) });
    return new Response(new Uint8Array(doc.bytes), {
      headers: { ...FIXED, "content-type": doc.contentType, "content-length": String(doc.bytes.length), "content-disposition": attachment(doc.fileName) },
    });
  } catch (err) {
    if (isAppError(err) && err.status === 404) return text(404, "No such document.");
    throw err;
  }
}
