// GET /v1/checkout/invoice/:publicId – one invoice (due date applied); PUT – update a draft (supplement §6);
// PATCH – the ZevPay SDK's alias of PUT (supplement §7): the same handler, since PUT already changes only the fields given
import { methods, route } from "@/lib/http/route";
import { getInvoiceOp, patchInvoiceOp, updateInvoiceOp } from "@/lib/invoices/operations";
import { getInvoice } from "@/lib/invoices/get-invoice";
import { toInvoiceView } from "@/lib/invoices/invoice-view";
import { updateInvoice } from "@/lib/invoices/update-invoice";

const update = route(updateInvoiceOp, async ({ db, merchantId, mode, params, body }) =>
  toInvoiceView(await updateInvoice(db, { merchantId, mode, publicId: params.publicId!, body, actor: "api" })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getInvoiceOp, async ({ db, merchantId, mode, params }) => toInvoiceView(await getInvoice(db, { merchantId, mode, publicId: params.publicId! }))),
  PUT: update,
  PATCH: update.as(patchInvoiceOp),
});
