"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
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
export const createKeyAction = merchantAction("manageDevelopers")
  .inputSchema(z.record(z.string(), z.unknown()).transform(merchantKeyConfig))
  .action(async ({ parsedInput, ctx }) => {
    const created = await createKeyPair(ctx.db, { ...ctx.scope, config: parsedInput, actor: ctx.actor });
    revalidatePath(PATH);
    return { secretKey: created.secretKey, publicKey: created.keyPair.publicKey, webhookSecret: created.webhookSecret };
  });

export const rollKeyAction = merchantAction("manageDevelopers")
  .inputSchema(KeyRef)
  .action(async ({ parsedInput, ctx }) => {
    const rolled = await rollSecretKey(ctx.db, { ...ctx.scope, keyPairId: parsedInput.keyPairId, actor: ctx.actor });
    revalidatePath(PATH);
    return { secretKey: rolled.secretKey };
  });

export const revokeKeyAction = merchantAction("manageDevelopers")
  .inputSchema(KeyRef)
  .action(async ({ parsedInput, ctx }) => {
    await revokeKeyPair(ctx.db, { ...ctx.scope, keyPairId: parsedInput.keyPairId, actor: ctx.actor });
    revalidatePath(PATH);
    return { revoked: true };
  });

export const revealWebhookSecretAction = merchantAction("manageDevelopers")
  .inputSchema(KeyRef)
  .action(async ({ parsedInput, ctx }) => {
    return { webhookSecret: await revealWebhookSecret(ctx.db, { ...ctx.scope, keyPairId: parsedInput.keyPairId }) };
  });

export const rotateWebhookSecretAction = merchantAction("manageDevelopers")
  .inputSchema(KeyRef)
  .action(async ({ parsedInput, ctx }) => {
    const rotated = await rotateWebhookSecret(ctx.db, { ...ctx.scope, keyPairId: parsedInput.keyPairId, actor: ctx.actor });
    return rotated;
  });

export const setWebhookUrlAction = merchantAction("manageDevelopers")
  .inputSchema(KeyRef.extend({ webhookUrl: z.string().max(2048).nullable() }))
  .action(async ({ parsedInput, ctx }) => {
    const view = await setWebhookUrl(ctx.db, {
      ...ctx.scope,
      keyPairId: parsedInput.keyPairId,
      webhookUrl: parsedInput.webhookUrl?.trim() || null,
      actor: ctx.actor,
    });
    revalidatePath(PATH);
    return { webhookUrl: view.webhookUrl };
  });
