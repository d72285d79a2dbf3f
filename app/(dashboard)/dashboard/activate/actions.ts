"use server";

import { revalidatePath } from "next/cache";
import { returnValidationErrors } from "next-safe-action";
import { z } from "zod";
import { merchantAction } from "@/lib/actions/safe-action";
import {
  BusinessDetailsInput,
  OwnerIdentityInput,
  PayoutAccountInput,
  saveBusinessDetails,
  saveOwnerIdentity,
  savePayoutAccount,
  submitActivation,
} from "@/lib/merchants/activation";
import { checkDocument, MAX_DOCUMENT_BYTES } from "@/lib/merchants/activation-document-rules";
import { removeActivationDocument, UploadDocumentInput, uploadActivationDocument } from "@/lib/merchants/activation-documents";
import { resolveAccount } from "@/lib/transfers/resolve-account";

/** What the flow needs back after a step: where the request stands. */
const summary = (s: Awaited<ReturnType<typeof submitActivation>>) => ({
  status: s.request?.status ?? "draft",
  done: s.done,
  activated: Boolean(s.activatedAt),
});

function done() {
  revalidatePath("/dashboard", "layout");
}

export const saveBusinessDetailsAction = merchantAction("activateBusiness")
  .inputSchema(BusinessDetailsInput)
  .action(async ({ parsedInput, ctx }) => {
    const state = await saveBusinessDetails(ctx.db, { ...parsedInput, merchantId: ctx.scope.merchantId, actor: ctx.actor });
    done();
    return summary(state);
  });

export const saveOwnerIdentityAction = merchantAction("activateBusiness")
  .inputSchema(OwnerIdentityInput)
  .action(async ({ parsedInput, ctx }) => {
    const state = await saveOwnerIdentity(ctx.db, { ...parsedInput, merchantId: ctx.scope.merchantId, actor: ctx.actor });
    done();
    return summary(state);
  });

/** Name enquiry for the payout account, in live mode whatever the dashboard's mode (the account receives live payouts). */
export const resolvePayoutAccountAction = merchantAction("activateBusiness")
  .inputSchema(PayoutAccountInput)
  .action(async ({ parsedInput }) => resolveAccount("live", { account_number: parsedInput.accountNumber, bank_code: parsedInput.bankCode }));

export const savePayoutAccountAction = merchantAction("activateBusiness")
  .inputSchema(PayoutAccountInput)
  .action(async ({ parsedInput, ctx }) => {
    const state = await savePayoutAccount(ctx.db, { ...parsedInput, merchantId: ctx.scope.merchantId, actor: ctx.actor });
    done();
    return summary(state);
  });

export const submitActivationAction = merchantAction("activateBusiness")
  .inputSchema(z.object({}))
  .action(async ({ ctx }) => {
    const state = await submitActivation(ctx.db, { merchantId: ctx.scope.merchantId, actor: ctx.actor });
    done();
    return summary(state);
  });

/**
 * A document for the request (OWO_ACTIVATION_DOCUMENTS optional or required): the file's bytes
 * as base64, its name and the type the browser declared (checked against the bytes, never
 * trusted). The reason a file is refused shows beside its field.
 */
const UploadDocumentActionInput = UploadDocumentInput.extend({
  base64: z.string().max(Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 8, "A document must be 5 MB or smaller."),
});

export const uploadActivationDocumentAction = merchantAction("activateBusiness")
  .inputSchema(UploadDocumentActionInput)
  .action(async ({ parsedInput, ctx }) => {
    const { base64, ...rest } = parsedInput;
    const bytes = Buffer.from(base64, "base64");
    const check = checkDocument(bytes, rest.contentType);
    if (!check.ok) returnValidationErrors(UploadDocumentActionInput, { base64: { _errors: [check.message] } });
    const doc = await uploadActivationDocument(ctx.db, { ...rest, bytes, merchantId: ctx.scope.merchantId, actor: ctx.actor });
    done();
    return { id: doc.id, fileName: doc.fileName };
  });

export const removeActivationDocumentAction = merchantAction("activateBusiness")
  .inputSchema(z.object({ id: z.string().trim().min(1) }))
  .action(async ({ parsedInput, ctx }) => {
    await removeActivationDocument(ctx.db, { merchantId: ctx.scope.merchantId, documentId: parsedInput.id, actor: ctx.actor });
    done();
    return { removed: true };
  });
