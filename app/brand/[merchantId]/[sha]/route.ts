import { getDb } from "@/db/client";
import { readMerchantLogo } from "@/lib/merchants/merchant-logo";

/**
 * A business's logo, from our own origin (hosted pages allow only 'self' images). The URL
 * holds the image's SHA-256, so it never changes and may be cached for good; the type was
 * checked from the bytes when it was uploaded, and the browser is told not to guess another.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ merchantId: string; sha: string }> }) {
  const { merchantId, sha } = await params;
  const logo = await readMerchantLogo(await getDb(), merchantId, sha);
  if (!logo) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      "content-type": logo.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-disposition": "inline",
    },
  });
}
