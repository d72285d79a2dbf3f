"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
import { createKeyPair } from "@/lib/keys/create-key-pair";
import { revealWebhookSecret } from "@/lib/keys/get-key-pair";
import { merchantKeyConfig } from "@/lib/keys/key-config";
import { revokeKeyPair } from "@/lib/keys/revoke-key-pair";
import { rollSecretKey } from "@/lib/keys/roll-secret-key";
import { rotateWebhookSecret } from "@/lib/keys/rotate-webhook-secret";
import { setWebhookUrl } from "@/lib/keys/set-webhook-url";

// The same commands the CLI runs; the command validates the configuration itself.
const KeyRef = z.object({ keyPairId: z.string().min(1).max(64) });
const PATH = "/dashboard/developers";

// Rate limits are not the merchant's to set (supplement §1): only the merchant's fields pass.
export const createKeyAction = merchantAction
  .inputSchema(z.record(z.string(), z.unknown()).transform(merchantKeyConfig))
  .action(async ({ parsedInput, ctx }) => {
    requireAllowed(rolePolicy.manageDevelopers(ctx.role, ctx.mode));
    const created = await createKeyPair(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, config: parsedInput, actor: ctx.actor });
    revalidatePath(PATH);
    return { secretKey: created.secretKey, publicKey: created.keyPair.publicKey, webhookSecret: created.webhookSecret };
  });

export const rollKeyAction = merchantAction.inputSchema(KeyRef).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.manageDevelopers(ctx.role, ctx.mode));
  const rolled = await rollSecretKey(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, keyPairId: parsedInput.keyPairId, actor: ctx.actor });
  revalidatePath(PATH);
  return { secretKey: rolled.secretKey };
});

export const revokeKeyAction = merchantAction.inputSchema(KeyRef).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.manageDevelopers(ctx.role, ctx.mode));
  await revokeKeyPair(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, keyPairId: parsedInput.keyPairId, actor: ctx.actor });
  revalidatePath(PATH);
  return { revoked: true };
});

export const revealWebhookSecretAction = merchantAction.inputSchema(KeyRef).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.manageDevelopers(ctx.role, ctx.mode));
  return { webhookSecret: await revealWebhookSecret(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, keyPairId: parsedInput.keyPairId }) };
});

export const rotateWebhookSecretAction = merchantAction.inputSchema(KeyRef).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.manageDevelopers(ctx.role, ctx.mode));
  const rotated = await rotateWebhookSecret(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, keyPairId: parsedInput.keyPairId, actor: ctx.actor });
  return rotated;
});

export const setWebhookUrlAction = merchantAction
  .inputSchema(KeyRef.extend({ webhookUrl: z.string().max(2048).nullable() }))
  .action(async ({ parsedInput, ctx }) => {
    requireAllowed(rolePolicy.manageDevelopers(ctx.role, ctx.mode));
    const view = await setWebhookUrl(ctx.db, {
      merchantId: ctx.merchant.id,
      mode: ctx.mode,
      keyPairId: parsedInput.keyPairId,
      webhookUrl: parsedInput.webhookUrl?.trim() || null,
      actor: ctx.actor,
    });
    revalidatePath(PATH);
    return { webhookUrl: view.webhookUrl };
  });
