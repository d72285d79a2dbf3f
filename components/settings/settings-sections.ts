import type { Role, StaticAccountState } from "@/db/schema";

/** Every section of Settings, in the order the Settings navigation shows them. */
export const SETTINGS_SECTIONS: { href: string; label: string; description: string; roles?: Role[]; staticAccounts?: boolean }[] = [
  { href: "/dashboard/settings/profile", label: "Business profile", description: "Display name, logo, brand colour and support contacts customers see." },
  { href: "/dashboard/settings/notifications", label: "Notifications", description: "Emails about payments, payouts, refunds, webhooks, and payer receipts." },
  {
    href: "/dashboard/settings/settlement",
    label: "Settlement destination",
    description: "Where static-account settlements are paid out.",
    staticAccounts: true,
  },
  { href: "/dashboard/settings/team", label: "Team", description: "Members, roles and invitations." },
  { href: "/dashboard/settings/security", label: "Security", description: "Your password, two-factor authentication and signed-in devices." },
  // rolePolicy.viewAuditLog: owners and developers.
  { href: "/dashboard/settings/audit-log", label: "Audit log", description: "Who changed what, when and from where.", roles: ["owner", "developer"] },
];

/** The sections a member sees: by role, and the settlement destination only while static accounts are on for the business. */
export const sectionsFor = (role: Role, staticAccounts: StaticAccountState) =>
  SETTINGS_SECTIONS.filter((s) => (!s.roles || s.roles.includes(role)) && (!s.staticAccounts || staticAccounts !== "disabled"));
