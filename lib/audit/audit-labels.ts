import type { ActorType } from "@/db/schema";
import { statusLabel } from "@/lib/status-label";
import { auditChangeLines, auditChangesLineText } from "./audit-change-text";

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
  "bulk_transfer.uploaded": "Bulk transfer uploaded",
  "bulk_transfer.approved": "Bulk transfer approved",
  "bulk_transfer.rejected": "Bulk transfer rejected",
  "bulk_transfer.sent": "Bulk transfer sent",
  "refund.requested": "Refund requested",
  "refund.approved": "Refund approved",
  "refund.rejected": "Refund rejected",
  "refund.failed": "Refund failed at the bank",
  "static_account.disabled": "Static account disabled",
  "static_account.enabled": "Static account enabled",
  "static_account.deleted": "Static account deleted",
  "static_account.suspended": "Static account suspended",
  "merchant.static_accounts_changed": "Static accounts product changed",
  "merchant.suspended": "Business suspended by Owo",
  "merchant.unsuspended": "Business suspension lifted",
  "admin.created": "Admin created",
  "admin.revoked": "Admin removed",
  "user.password_changed": "Password changed",
  "user.password_reset": "Password reset",
  "wallet.updated": "Wallet settings changed",
  "wallet.member_added": "Saved recipient added",
  "wallet.member_updated": "Saved recipient changed",
  "wallet.member_removed": "Saved recipient removed",
  "merchant.profile_updated": "Business profile changed",
  "merchant.logo_changed": "Logo changed",
  "merchant.notifications_changed": "Email notifications changed",
  "user.session_signed_out": "Session signed out",
  "activation.document_uploaded": "Activation document uploaded",
  "activation.document_removed": "Activation document removed",
  "activation.document_downloaded": "Activation document downloaded by Owo",
};

/** An action missing from the list still reads as words ("thing.changed" → "Thing changed"). */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? statusLabel(action);

const TARGET_LABELS: Record<string, string> = {
  api_key_pair: "API key",
  user: "Member",
  settlement_settings: "Settlement destination",
  wallet_member: "Saved recipient",
  bulk_transfer_batch: "Bulk transfer",
  activation_document: "Activation document",
};

/** What an entry changed, as a merchant reads it ("api_key_pair" → "API key"). */
export const auditTargetLabel = (targetType: string): string => TARGET_LABELS[targetType] ?? statusLabel(targetType);

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

export type { AuditChangeLine as AuditChange } from "./audit-change-text";

/** The before → after of each changed field, in words (naira, labels, lists): see audit-change-text. */
export const auditChanges = auditChangeLines;

/** The changes on one line (CSV, titles): "Field: before → after; …". */
export const auditChangesText = auditChangesLineText;
