"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { CreatePaymentLinkBody, UpdatePaymentLinkBody } from "@/lib/payment-links/payment-link-input";
import { createPaymentLink, updatePaymentLink } from "@/lib/payment-links/payment-links";

/*
 * The dashboard's payment-link actions: the same commands and schemas as
 * /v1/checkout/payment-links, with no key pair; links made here settle to the wallet PayID of
 * the current mode, and their payments are heard by the keys linked to that wallet.
 */

export const createPaymentLinkAction = merchantAction("createReceivables")
  .inputSchema(CreatePaymentLinkBody)
  .action(async ({ parsedInput, ctx }) => {
    const link = await createPaymentLink(ctx.db, {
      ...ctx.scope,
      keyPairId: null,
      settlementPayIdId: null,
      source: "dashboard",
      body: parsedInput,
    });
    revalidatePath("/dashboard/payment-links");
    return { id: link.id, title: link.title };
  });

export const updatePaymentLinkAction = merchantAction("createReceivables")
  .inputSchema(z.object({ id: z.string().min(1).max(64), body: UpdatePaymentLinkBody }))
  .action(async ({ parsedInput, ctx }) => {
    const link = await updatePaymentLink(ctx.db, { ...ctx.scope, id: parsedInput.id, body: parsedInput.body });
    revalidatePath("/dashboard/payment-links");
    revalidatePath(`/dashboard/payment-links/${link.id}`);
    return { id: link.id, title: link.title, isActive: link.isActive };
  });
