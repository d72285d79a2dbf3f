import type { ActorType } from "@/db/schema";

/**
 * Every audit action the product writes, with the label the audit log shows. Actions are dot
 * names in the past tense (issue 9's design); an action missing here still shows, as its name.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "merchant.created": "Business created",
  "member.invited": "Member invited",
  "invitation.revoked": "Invitation revoked",
  "invitation.accepted": "Invitation accepted",
  "member.role_changed": "Member role changed",
  "member.removed": "Member removed",
  "member.left": "Member left",
  "user.signed_in": "Signed in",
  "user.sign_in_blocked": "Sign-in blocked",
  "user.two_factor_enabled": "Two-factor turned on",
  "user.two_factor_disabled": "Two-factor turned off",
  "user.recovery_codes_regenerated": "Recovery codes replaced",
  "merchant.two_factor_requirement_changed": "Two-factor requirement changed",
  "api_key.created": "API key created",
  "api_key.rolled": "Secret key rolled",
  "api_key.revoked": "API key revoked",
  "api_key.webhook_url_changed": "Webhook URL changed",
  "api_key.webhook_secret_rotated": "Webhook secret rotated",
  "api_key.limits_changed": "API key rate limits changed",
  "settlement_settings.update": "Settlement destination changed",
  "transfer.sent": "Transfer sent",
  "refund.requested": "Refund requested",
  "refund.approved": "Refund approved",
  "refund.rejected": "Refund rejected",
  "refund.failed": "Refund failed at the bank",
  "static_account.disabled": "Static account disabled",
  "static_account.enabled": "Static account enabled",
  "static_account.deleted": "Static account deleted",
  "static_account.suspended": "Static account suspended",
  "merchant.static_accounts_changed": "Static accounts product changed",
  "admin.created": "Admin created",
  "merchant.profile_updated": "Business profile changed",
  "merchant.logo_changed": "Logo changed",
  "merchant.notifications_changed": "Email notifications changed",
  "user.session_signed_out": "Session signed out",
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

/** Who acted, as a merchant reads it: the member's email, else "CLI", "Owo admin" or "System". */
export function auditActorLabel(row: { actorType: ActorType; actorEmail: string | null }, opts: { adminEmails?: boolean } = {}): string {
  switch (row.actorType) {
    case "user":
      return row.actorEmail ?? "A former member";
    case "admin":
      return opts.adminEmails && row.actorEmail ? `Owo admin (${row.actorEmail})` : "Owo admin";
    case "cli":
      return "CLI";
    case "system":
      return "System";
  }
}

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
};

export type AuditChange = { field: string; from: string | null; to: string };

/** The before → after of each changed field; `from` is null when the field had no before. */
export function auditChanges(changes: Record<string, { from?: unknown; to?: unknown }> | null): AuditChange[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, c]) => ({ field, from: "from" in c ? show(c.from) : null, to: show(c.to) }));
}

/** The changes on one line (CSV, titles): "field: before → after; …". */
export function auditChangesText(changes: Record<string, { from?: unknown; to?: unknown }> | null): string {
  return auditChanges(changes)
    .map((c) => `${c.field}: ${c.from === null ? c.to : `${c.from} → ${c.to}`}`)
    .join("; ");
}
