import { httpError } from "@/lib/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

export const bodyTooLarge = () => httpError(413, "Request body too large");

/** Refuses early on a declared length over the limit (before any other work). */
export function checkDeclaredLength(req: Request): void {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw bodyTooLarge();
}

/** Reads at most MAX_BODY_BYTES (chunked bodies have no declared length) and parses JSON. */
export async function readJsonBody(req: Request): Promise<unknown> {
  if (!req.body) return undefined;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw httpError(400, "Malformed JSON body");
  }
}
