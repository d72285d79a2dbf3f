import type { Db } from "@/db/client";
import { apiKeyPairs, type Mode } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { validationError } from "@/lib/errors";
import { findPayId, getWalletPayId } from "@/lib/payids/find-pay-id";
import { sealSecret } from "@/lib/security/secret-box";
import { parseOrThrow } from "@/lib/validation";
import { KeyConfigInput } from "./key-config";
import { displayPrefix, hashSecretKey, newPublicKey, newSecretKey, newWebhookSecret } from "./key-format";
import { toKeyPairView, type KeyPairView } from "./key-view";
import { webhookUrlProblem } from "./webhook-url";

export type CreatedKeyPair = { keyPair: KeyPairView; secretKey: string; webhookSecret: string };

/**
 * Issues a key pair. The secret key is returned here once and only its hash is stored; the
 * webhook signing secret is returned in clear and stored sealed (AES-256-GCM, secret-box).
 * The CLI, the dashboard and the seed all come through this command.
 */
export async function createKeyPair(db: Db, input: { merchantId: string; mode: Mode; config: KeyConfigInput; actor: Actor }): Promise<CreatedKeyPair> {
  const config = parseOrThrow(KeyConfigInput, input.config);
  if (config.webhookUrl) {
    const problem = await webhookUrlProblem(config.webhookUrl, input.mode);
    if (problem) throw validationError([problem]);
  }
  const secretKey = newSecretKey(input.mode);
  const webhookSecret = newWebhookSecret();

  return db.transaction(async (tx) => {
    const wallet = await getWalletPayId(tx, { merchantId: input.merchantId, mode: input.mode });
    let settlementPayIdId = wallet?.id ?? null;
    if (config.settlementPayId) {
      const payId = await findPayId(tx, { mode: input.mode, payId: config.settlementPayId });
      if (!payId || payId.merchantId !== input.merchantId) {
        throw validationError([`settlement_pay_id ${config.settlementPayId} is not one of your ${input.mode} PayIDs`]);
      }
      settlementPayIdId = payId.id;
    }
    const [row] = await tx
      .insert(apiKeyPairs)
      .values({
        merchantId: input.merchantId,
        mode: input.mode,
        name: config.name,
        secretHash: hashSecretKey(secretKey),
        ...displayPrefix(secretKey),
        publicKey: newPublicKey(input.mode),
        permissions: config.permissions,
        webhookUrl: config.webhookUrl,
        webhookSecret: sealSecret(webhookSecret),
        settlementPayIdId,
        walletPayIdId: config.linkWallet ? (wallet?.id ?? null) : null,
        allowedDomains: config.allowedDomains,
        paymentMethods: config.paymentMethods,
        cryptoAssets: config.cryptoAssets,
        rateLimit: config.rateLimit,
        initializeLimit: config.initializeLimit,
      })
      .returning();
    const keyPair = toKeyPairView(row!);
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor: input.actor,
      action: "api_key.created",
      targetType: "api_key_pair",
      targetId: keyPair.id,
      changes: {
        mode: { to: keyPair.mode },
        permissions: { to: keyPair.permissions },
        webhook_url: { to: keyPair.webhookUrl },
        allowed_domains: { to: keyPair.allowedDomains },
      },
    });
    return { keyPair, secretKey, webhookSecret };
  });
}
