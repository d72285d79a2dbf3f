/** Matching a request path to an OpenAPI path template, static segments first (as Next.js routes). */

export type PathMatch = { template: string; params: Record<string, string> };

function matchOne(template: string, segments: string[]): Record<string, string> | null {
  const parts = template.split("/").filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const m = /^\{(\w+)\}$/.exec(p);
    if (m) params[m[1]!] = decodeURIComponent(segments[i]!);
    else if (p !== segments[i]) return null;
  }
  return params;
}

/** Literal segments beat parameters, level by level (`/transfer/balance` before `/transfer/{reference}`). */
function moreSpecific(a: string, b: string): number {
  const pa = a.split("/");
  const pb = b.split("/");
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const la = !pa[i]!.startsWith("{");
    const lb = !pb[i]!.startsWith("{");
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}

export function matchPath(templates: Iterable<string>, pathname: string): PathMatch | null {
  const segments = pathname.split("/").filter(Boolean);
  const found: PathMatch[] = [];
  for (const template of templates) {
    const params = matchOne(template, segments);
    if (params) found.push({ template, params });
  }
  found.sort((a, b) => moreSpecific(a.template, b.template));
  return found[0] ?? null;
}
