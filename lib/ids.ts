import { randomBytes, randomInt } from "node:crypto";
import { uuidv7 } from "uuidv7";

export { uuidv7 as newUuid };

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniform random base62 string from the OS CSPRNG (no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
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
