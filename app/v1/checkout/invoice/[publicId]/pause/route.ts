// POST /v1/checkout/invoice/:publicId/pause – stop taking payment (status kept), invoice.paused (supplement §6)
import { methods, route } from "@/lib/http/route";
import { pauseInvoiceOp } from "@/lib/invoices/operations";
import { pauseInvoice } from "@/lib/invoices/pause-invoice";
import { toInvoiceView } from "@/lib/invoices/invoice-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(pauseInvoiceOp, async ({ db, merchantId, mode, params }) =>
    toInvoiceView(await pauseInvoice(db, { merchantId, mode, publicId: params.publicId!, actor: "api" })),
  ),
});
