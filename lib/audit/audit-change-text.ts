import { formatNaira } from "@/lib/money";
import { statusLabel } from "@/lib/status-label";

/**
 * One audit change as a merchant reads it: "Daily limit: ₦5,000.00 → ₦10,000.00". The log
 * stores raw values (kobo, state names, arrays, ISO times); this is the one place they become
 * words, for the audit page (dashboard and admin) and its CSV export.
 */
export type AuditChangeLine = { field: string; label: string; from: string | null; to: string };

type Changes = Record<string, { from?: unknown; to?: unknown }> | null | undefined;

/** Fields the log keeps in kobo: shown as naira. Counts (`rate_limit`) are not money. */
const KOBO_FIELDS = new Set([
  "amount",
  "daily_limit",
  "fee",
  "vat",
  "stamp_duty",
  "total",
  "net",
  "net_amount",
  "amount_paid",
  "minimum_amount",
  "maximum_amount",
]);
const isKoboField = (field: string) => KOBO_FIELDS.has(field) || field.endsWith("_kobo") || field.endsWith("_amount");

/** Fields whose values are state names (`pending_settlement`): shown as labels. */
const STATE_FIELDS = new Set(["status", "settlement_status", "role", "mode", "type", "static_accounts", "by", "destination"]);

/** Names a merchant knows the field by; any other reads as its words ("webhook_url" → "Webhook URL"). */
const FIELD_LABELS: Record<string, string> = {
  webhook_url: "Webhook URL",
  secret_prefix: "Secret key",
  allowed_domains: "Allowed domains",
  rate_limit: "Requests a minute",
  initialize_limit: "Checkouts started a minute",
  require_two_factor: "Two-factor required",
  members_only: "Members only",
  static_accounts: "Static accounts",
  pay_id: "PayID",
  payid: "PayID",
};

/** API key permissions in the words of the keys page. */
const PERMISSION_LABELS: Record<string, string> = {
  checkout: "Checkout",
  invoices: "Invoices",
  transfers: "Transfers",
  virtual_account: "Virtual accounts",
  virtual_payid: "Dynamic PayIDs",
};

const LIST_ITEM_LABELS: Record<string, Record<string, string>> = { permissions: PERMISSION_LABELS };

const lagosTime = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" });
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function auditFieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    statusLabel(field)
      .replace(/\burl\b/gi, "URL")
      .replace(/\bip\b/gi, "IP")
  );
}

/** One stored value in words, for the field it belongs to. */
export function auditValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "None";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) {
    if (value.length === 0) return "None";
    const labels = LIST_ITEM_LABELS[field];
    return value.map((v) => (typeof v === "string" && labels ? (labels[v] ?? statusLabel(v)) : auditValueText(field, v))).join(", ");
  }
  if (typeof value === "number" || typeof value === "bigint" || (typeof value === "string" && /^-?\d+$/.test(value) && isKoboField(field))) {
    if (isKoboField(field)) return formatNaira(BigInt(value));
    return typeof value === "number" ? value.toLocaleString("en-NG") : String(value);
  }
  if (value instanceof Date) return lagosTime.format(value);
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${auditFieldLabel(k)} ${auditValueText(k, v)}`)
      .join(", ");
  }
  const text = String(value);
  if (ISO_TIME.test(text)) return lagosTime.format(new Date(text));
  if (STATE_FIELDS.has(field)) {
    // "bank_account 058 ••••1234 ADA OBI": only the leading state name becomes words.
    const [head, ...rest] = text.split(" ");
    return /^[a-z][a-z_]*$/.test(head!) ? [statusLabel(head!), ...rest].join(" ") : text;
  }
  return text;
}

/** Every changed field of an entry as a line; `from` is null when the field had no before. */
export function auditChangeLines(changes: Changes): AuditChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, c]) => ({
    field,
    label: auditFieldLabel(field),
    from: c && "from" in c ? auditValueText(field, c.from) : null,
    to: auditValueText(field, c?.to),
  }));
}

/** "Label: before → after", or "Label: value" when there was no before. */
export function auditChangeLineText(line: AuditChangeLine): string {
  return `${line.label}: ${line.from === null ? line.to : `${line.from} → ${line.to}`}`;
}

/** All of an entry's changes on one line (CSV, titles), "; " between them. */
export function auditChangesLineText(changes: Changes): string {
  return auditChangeLines(changes).map(auditChangeLineText).join("; ");
}
