const CHANNEL_LABELS: Record<string, string> = { bank_transfer: "Bank transfer", payid: "PayID" };
export const channelLabel = (c: string) => CHANNEL_LABELS[c] ?? c.replace(/_/g, " ");
