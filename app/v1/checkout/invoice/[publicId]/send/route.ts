// POST /v1/checkout/invoice/:publicId/send – draft → sent, invoice.sent (supplement §6)
import { methods, route } from "@/lib/http/route";
import { sendInvoiceOp } from "@/lib/invoices/operations";
import { sendInvoice } from "@/lib/invoices/send-invoice";
import { toInvoiceView } from "@/lib/invoices/invoice-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(sendInvoiceOp, async ({ db, merchantId, mode, params }) =>
    toInvoiceView(await sendInvoice(db, { merchantId, mode, publicId: params.publicId!, actor: "api" })),
  ),
});
