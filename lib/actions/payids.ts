"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { deactivateDynamicPayId } from "@/lib/payids/get-dynamic-payid";
import { issueDynamicPayId } from "@/lib/payids/issue-dynamic-payid";
import { CreateDynamicPayIdBody, CreateStaticPayIdBody, UpdateStaticPayIdBody } from "@/lib/payids/payid-input";
import { createStaticPayId, setStaticPayIdActive, updateStaticPayId } from "@/lib/payids/static-payids";

/*
 * The dashboard's PayID actions: the same commands and schemas as /v1/checkout/static-payid and
 * /v1/checkout/dynamic-payid, with no key pair; what they create settles to the wallet PayID
 * of the current mode.
 */

const Id = z.object({ id: z.string().min(1).max(64) });

export const createStaticPayIdAction = merchantAction("createReceivables")
  .inputSchema(CreateStaticPayIdBody)
  .action(async ({ parsedInput, ctx }) => {
    const created = await createStaticPayId(ctx.db, {
      ...ctx.scope,
      merchantType: ctx.merchant.type,
      keyPairId: null,
      settlementPayIdId: null,
      source: "dashboard",
      body: parsedInput,
    });
    revalidatePath("/dashboard/payids");
    return { id: created.id, payId: created.payId };
  });

export const updateStaticPayIdAction = merchantAction("createReceivables")
  .inputSchema(UpdateStaticPayIdBody.extend(Id.shape))
  .action(async ({ parsedInput, ctx }) => {
    const { id, ...body } = parsedInput;
    const updated = await updateStaticPayId(ctx.db, { ...ctx.scope, id, body });
    revalidatePath("/dashboard/payids");
    revalidatePath(`/dashboard/payids/static/${id}`);
    return { id: updated.id, name: updated.name, description: updated.description };
  });

export const setStaticPayIdActiveAction = merchantAction("createReceivables")
  .inputSchema(Id.extend({ active: z.boolean() }))
  .action(async ({ parsedInput, ctx }) => {
    const result = await setStaticPayIdActive(ctx.db, { ...ctx.scope, ...parsedInput });
    revalidatePath("/dashboard/payids");
    revalidatePath(`/dashboard/payids/static/${parsedInput.id}`);
    return result;
  });

export const createDynamicPayIdAction = merchantAction("createReceivables")
  .inputSchema(CreateDynamicPayIdBody)
  .action(async ({ parsedInput, ctx }) => {
    const created = await issueDynamicPayId(ctx.db, {
      ...ctx.scope,
      keyPairId: null,
      settlementPayIdId: null,
      source: "dashboard",
      body: parsedInput,
    });
    revalidatePath("/dashboard/payids");
    return { id: created.id, payId: created.fullPayId };
  });

export const deactivateDynamicPayIdAction = merchantAction("createReceivables")
  .inputSchema(Id)
  .action(async ({ parsedInput, ctx }) => {
    const result = await deactivateDynamicPayId(ctx.db, { ...ctx.scope, id: parsedInput.id });
    revalidatePath("/dashboard/payids");
    revalidatePath(`/dashboard/payids/dynamic/${parsedInput.id}`);
    return result;
  });
