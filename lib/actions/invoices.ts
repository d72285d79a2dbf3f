"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { cancelInvoice } from "@/lib/invoices/cancel-invoice";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { CreateInvoiceBody, UpdateInvoiceBody } from "@/lib/invoices/invoice-input";
import { pauseInvoice } from "@/lib/invoices/pause-invoice";
import { resumeInvoice } from "@/lib/invoices/resume-invoice";
import { sendInvoice } from "@/lib/invoices/send-invoice";
import { updateInvoice } from "@/lib/invoices/update-invoice";
import { invoiceSentMessage } from "@/lib/notifications/invoice-sent-message";

/*
 * The dashboard's invoice actions: the same commands and schemas as /v1/checkout/invoice,
 * with no key pair (events go to every wallet key pair of the mode), payments settling to the
 * wallet PayID, and the hosted page's address taken from this request.
 */

const PublicId = z.object({ publicId: z.string().min(1).max(64) });

const refresh = (publicId?: string) => {
  revalidatePath("/dashboard/invoices");
  if (publicId) revalidatePath(`/dashboard/invoices/${publicId}`);
};

export const createInvoiceAction = merchantAction("createReceivables")
  .inputSchema(CreateInvoiceBody)
  .action(async ({ parsedInput, ctx }) => {
    const invoice = await createInvoice(ctx.db, {
      ...ctx.scope,
      keyPairId: null,
      settlementPayIdId: null,
      source: "dashboard",
      baseUrl: await requestBaseUrl(),
      body: parsedInput,
    });
    refresh();
    const message = invoice.status === "draft" ? `${invoice.invoiceNumber} saved as a draft` : invoiceSentMessage(invoice.invoiceNumber, invoice.customerEmail);
    return { publicId: invoice.publicId, invoiceNumber: invoice.invoiceNumber, status: invoice.status, message };
  });

/** Edit a draft; with `send`, issue it right after (the API's update then send). */
export const updateInvoiceAction = merchantAction("createReceivables")
  .inputSchema(PublicId.extend({ body: UpdateInvoiceBody, sendAfter: z.boolean().optional() }))
  .action(async ({ parsedInput, ctx }) => {
    const { publicId, sendAfter, body } = parsedInput;
    const scope = { ...ctx.scope, publicId };
    let invoice = await updateInvoice(ctx.db, { ...scope, body, actor: "dashboard" });
    if (sendAfter) invoice = await sendInvoice(ctx.db, { ...scope, actor: "dashboard" });
    refresh(publicId);
    const message = invoice.status === "draft" ? `${invoice.invoiceNumber} saved as a draft` : invoiceSentMessage(invoice.invoiceNumber, invoice.customerEmail);
    return { publicId: invoice.publicId, invoiceNumber: invoice.invoiceNumber, status: invoice.status, message };
  });

const CHANGES = { send: sendInvoice, pause: pauseInvoice, resume: resumeInvoice, cancel: cancelInvoice } as const;
const DONE = {
  send: (n: string, email: string) => invoiceSentMessage(n, email),
  pause: (n: string) => `${n} paused: it takes no payments until resumed`,
  resume: (n: string) => `${n} resumed: it takes payments again`,
  cancel: (n: string) => `${n} cancelled`,
} as const;

export const changeInvoiceAction = merchantAction("createReceivables")
  .inputSchema(PublicId.extend({ change: z.enum(["send", "pause", "resume", "cancel"]) }))
  .action(async ({ parsedInput, ctx }) => {
    const { publicId, change } = parsedInput;
    const invoice = await CHANGES[change](ctx.db, { ...ctx.scope, publicId, actor: "dashboard" });
    refresh(publicId);
    return { status: invoice.status, paused: invoice.paused, message: DONE[change](invoice.invoiceNumber, invoice.customerEmail) };
  });
