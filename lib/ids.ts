import { randomFillSync, randomInt } from "node:crypto";
import { uuidv7 } from "uuidv7";

export { uuidv7 as newUuid };

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// OS CSPRNG bytes drawn 4 KiB at a time (one syscall per ~200 ids, not one per id: every
// session, transfer and event id takes one); each byte is used once.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** Uniform random base62 string from the OS CSPRNG (no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    if (used === pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const byte = pool[used++]!;
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

/** Prefixed, sortable ids for records the spec calls "short id". One prefix map for all. */
export const ID_PREFIXES = {
  event: "evt",
  transfer: "trf",
  staticAccount: "sa",
  refund: "rfd",
  invoice: "inv",
  payment: "pay",
  funding: "fund",
  virtualAccount: "va",
} as const;

export function prefixedId(kind: keyof typeof ID_PREFIXES): string {
  const time = Date.now().toString(36).padStart(9, "0");
  return `${ID_PREFIXES[kind]}_${time}${randomBase62(12)}`;
}

export function randomDigits(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}
