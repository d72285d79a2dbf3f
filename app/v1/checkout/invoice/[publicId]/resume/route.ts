// POST /v1/checkout/invoice/:publicId/resume – take payment again (no webhook) (supplement §6)
import { methods, route } from "@/lib/http/route";
import { resumeInvoiceOp } from "@/lib/invoices/operations";
import { resumeInvoice } from "@/lib/invoices/resume-invoice";
import { toInvoiceView } from "@/lib/invoices/invoice-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(resumeInvoiceOp, async ({ db, merchantId, mode, params }) =>
    toInvoiceView(await resumeInvoice(db, { merchantId, mode, publicId: params.publicId!, actor: "api" })),
  ),
});
