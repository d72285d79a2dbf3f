// GET /v1/inline.js – the inline checkout script a shop page loads (supplement §7; no key, cacheable JavaScript)
import { INLINE_JS, INLINE_VERSION } from "./inline-bundle";

/**
 * `/v1/inline.js` (the documented URL) is cached for five minutes, so a new version reaches
 * shops soon; `/v1/inline.js?v=<version>` (the ETag) is the same bytes, cached for a year.
 */
export function GET(req: Request): Response {
  const versioned = new URL(req.url).searchParams.get("v") === INLINE_VERSION;
  const etag = `"${INLINE_VERSION}"`;
  const headers: Record<string, string> = {
    "content-type": "application/javascript; charset=utf-8",
    "cache-control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300, stale-while-revalidate=86400",
    etag,
    "access-control-allow-origin": "*",
    "cross-origin-resource-policy": "cross-origin",
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(INLINE_JS, { status: 200, headers });
}
