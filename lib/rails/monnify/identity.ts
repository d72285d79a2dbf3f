/**
 * Identity checks through Monnify's value-added services:
 *
 * - BVN: `POST /api/v1/vas/bvn-details-match` `{bvn, name}` answers `name.matchStatus`
 *   (FULL_MATCH, PARTIAL_MATCH, NO_MATCH). Only FULL_MATCH is a match: a partial match is not
 *   the name on the record. (The endpoint also compares a date of birth and phone number, which
 *   Owo does not hold; only the name is asked.)
 * - NIN: `POST /api/v1/vas/nin-details` `{nin}` answers the record's names; the name matches
 *   when its words include the record's first and last names.
 * - CAC (rc): Monnify has no check → unavailable.
 *
 * Any failure (an error answer, no answer) is `unavailable`, never a mismatch.
 */
import type { IdentityCheckRequest, IdentityCheckResult } from "@/lib/bank/provider";
import type { MonnifyClient } from "./client";
import { obj, str } from "./parse";

const words = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean);

/** True when `name` carries the record's first and last names (any order, any case, extra names allowed). */
export function nameMatchesRecord(name: string, record: { firstName: string | null; lastName: string | null }): boolean {
  const given = new Set(words(name));
  const needed = [...words(record.firstName ?? ""), ...words(record.lastName ?? "")];
  return needed.length > 0 && needed.every((w) => given.has(w));
}

export async function verifyIdentity(client: MonnifyClient, input: IdentityCheckRequest): Promise<IdentityCheckResult> {
  if (input.identityType === "rc") return { outcome: "unavailable", reason: "Monnify has no CAC registry check" };
  if (!/^\d{11}$/.test(input.identityNumber)) return { outcome: "unavailable", reason: "A BVN or NIN has 11 digits" };
  try {
    if (input.identityType === "bvn") {
      const a = await client.bvnDetailsMatch({ bvn: input.identityNumber, name: input.name });
      const status = (str(obj(a.env.body.name).matchStatus) ?? "").toUpperCase();
      if (!a.env.ok || !status) return { outcome: "unavailable", reason: `Monnify's BVN check did not answer (${a.env.message || `HTTP ${a.status}`})` };
      return status === "FULL_MATCH" ? { outcome: "match" } : { outcome: "mismatch" };
    }
    const a = await client.ninDetails(input.identityNumber);
    const record = { firstName: str(a.env.body.firstName), lastName: str(a.env.body.lastName) };
    if (!a.env.ok || (!record.firstName && !record.lastName))
      return { outcome: "unavailable", reason: `Monnify's NIN check did not answer (${a.env.message || `HTTP ${a.status}`})` };
    return nameMatchesRecord(input.name, record) ? { outcome: "match" } : { outcome: "mismatch" };
  } catch (error) {
    return { outcome: "unavailable", reason: `Monnify did not answer: ${(error as Error).message}` };
  }
}
