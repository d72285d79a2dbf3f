// POST /v1/checkout/invoice/:publicId/send – draft → sent, invoice.sent (supplement §6)
import { methods, route } from "@/lib/http/route";
import { sendInvoice } from "@/lib/invoices/send-invoice";
import { toInvoiceView } from "@/lib/invoices/invoice-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ permission: "invoices" }, async ({ db, merchantId, mode, params }) =>
    toInvoiceView(await sendInvoice(db, { merchantId, mode, publicId: params.publicId!, actor: "api" })),
  ),
});
