"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requireAllowed, rolePolicy } from "@/lib/auth/role-policy";
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

export const createStaticPayIdAction = merchantAction.inputSchema(CreateStaticPayIdBody).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.createReceivables(ctx.role));
  const created = await createStaticPayId(ctx.db, {
    merchantId: ctx.merchant.id,
    mode: ctx.mode,
    merchantType: ctx.merchant.type,
    keyPairId: null,
    settlementPayIdId: null,
    source: "dashboard",
    body: parsedInput,
  });
  revalidatePath("/dashboard/payids");
  return { id: created.id, payId: created.payId };
});

export const updateStaticPayIdAction = merchantAction.inputSchema(UpdateStaticPayIdBody.extend(Id.shape)).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.createReceivables(ctx.role));
  const { id, ...body } = parsedInput;
  const updated = await updateStaticPayId(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, id, body });
  revalidatePath("/dashboard/payids");
  revalidatePath(`/dashboard/payids/static/${id}`);
  return { id: updated.id, name: updated.name, description: updated.description };
});

export const setStaticPayIdActiveAction = merchantAction.inputSchema(Id.extend({ active: z.boolean() })).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.createReceivables(ctx.role));
  const result = await setStaticPayIdActive(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, ...parsedInput });
  revalidatePath("/dashboard/payids");
  revalidatePath(`/dashboard/payids/static/${parsedInput.id}`);
  return result;
});

export const createDynamicPayIdAction = merchantAction.inputSchema(CreateDynamicPayIdBody).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.createReceivables(ctx.role));
  const created = await issueDynamicPayId(ctx.db, {
    merchantId: ctx.merchant.id,
    mode: ctx.mode,
    keyPairId: null,
    settlementPayIdId: null,
    source: "dashboard",
    body: parsedInput,
  });
  revalidatePath("/dashboard/payids");
  return { id: created.id, payId: created.fullPayId };
});

export const deactivateDynamicPayIdAction = merchantAction.inputSchema(Id).action(async ({ parsedInput, ctx }) => {
  requireAllowed(rolePolicy.createReceivables(ctx.role));
  const result = await deactivateDynamicPayId(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, id: parsedInput.id });
  revalidatePath("/dashboard/payids");
  revalidatePath(`/dashboard/payids/dynamic/${parsedInput.id}`);
  return result;
});
