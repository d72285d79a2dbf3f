/** A key's permissions (db/schema/api-keys.ts) and payment methods as the dashboard words them: never the raw tag (`virtual_payid`). */
export const PERMISSIONS = [
  { value: "checkout", label: "Checkout sessions" },
  { value: "virtual_payid", label: "PayIDs" },
  { value: "virtual_account", label: "Virtual accounts" },
  { value: "invoices", label: "Invoices" },
  { value: "transfers", label: "Transfers" },
];

export const PAYMENT_METHODS = [
  { value: "bank_transfer", label: "Bank transfer" },
  { value: "payid", label: "PayID" },
  { value: "card", label: "Card" },
];

const words = (list: { value: string; label: string }[], tag: string) => list.find((o) => o.value === tag)?.label ?? tag.replace(/_/g, " ");

export const permissionLabel = (tag: string) => words(PERMISSIONS, tag);
export const paymentMethodLabel = (tag: string) => words(PAYMENT_METHODS, tag);
