import { createHash, randomBytes } from "node:crypto";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new invitation token: 32 random bytes, base64url (43 characters). Shown once, never stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, hex. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Only something shaped like one of our tokens is looked up. */
export function isInvitationTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The link an invitee opens: app/(auth)/invite/[token]. */
export function invitationLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/invite/${token}`;
}
