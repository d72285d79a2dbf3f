import type { ApiKeyPair } from "@/db/schema";

/** A key pair as it may be shown: never the secret hash or the webhook secrets. */
export type KeyPairView = Omit<ApiKeyPair, "secretHash" | "webhookSecret" | "previousWebhookSecret">;

export function toKeyPairView(row: ApiKeyPair): KeyPairView {
  const { secretHash: _h, webhookSecret: _w, previousWebhookSecret: _p, ...view } = row;
  return view;
}
