import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeyPairs, type ApiKeyPair, type Mode } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { openSecret } from "@/lib/security/secret-box";
import { toKeyPairView, type KeyPairView } from "./key-view";

type Scope = { merchantId: string; mode: Mode };

/** A key pair of this merchant and mode (a key of anyone else is simply not found). */
export async function getKeyPairRowOrThrow(tx: DbOrTx, input: Scope & { keyPairId: string }): Promise<ApiKeyPair> {
  if (!/^[0-9a-f-]{36}$/i.test(input.keyPairId)) throw notFound("API key not found.");
  const rows = await tx
    .select()
    .from(apiKeyPairs)
    .where(and(eq(apiKeyPairs.id, input.keyPairId), eq(apiKeyPairs.merchantId, input.merchantId), eq(apiKeyPairs.mode, input.mode)))
    .limit(1);
  if (!rows[0]) throw notFound("API key not found.");
  return rows[0];
}

export async function listKeyPairs(tx: DbOrTx, input: Scope): Promise<KeyPairView[]> {
  const rows = await tx
    .select()
    .from(apiKeyPairs)
    .where(and(eq(apiKeyPairs.merchantId, input.merchantId), eq(apiKeyPairs.mode, input.mode)))
    .orderBy(desc(apiKeyPairs.createdAt));
  return rows.map(toKeyPairView);
}

/** The webhook signing secret in clear (it is stored sealed), for a merchant who asks to reveal it. */
export async function revealWebhookSecret(tx: DbOrTx, input: Scope & { keyPairId: string }): Promise<string> {
  return openSecret((await getKeyPairRowOrThrow(tx, input)).webhookSecret);
}

export async function countActiveKeyPairs(tx: DbOrTx, input: Scope): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(apiKeyPairs)
    .where(and(eq(apiKeyPairs.merchantId, input.merchantId), eq(apiKeyPairs.mode, input.mode), isNull(apiKeyPairs.revokedAt)));
  return row?.n ?? 0;
}
