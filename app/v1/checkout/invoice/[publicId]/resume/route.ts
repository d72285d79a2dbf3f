// POST /v1/checkout/invoice/:publicId/resume – take payment again (no webhook) (supplement §6)
import { methods, route } from "@/lib/http/route";
import { resumeInvoice } from "@/lib/invoices/resume-invoice";
import { toInvoiceView } from "@/lib/invoices/invoice-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ permission: "invoices" }, async ({ db, merchantId, mode, params }) =>
    toInvoiceView(await resumeInvoice(db, { merchantId, mode, publicId: params.publicId!, actor: "api" })),
  ),
});
