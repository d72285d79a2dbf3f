// POST /v1/checkout/invoice/:publicId/cancel – cancelled, instruments retired (no webhook) (supplement §6)
import { methods, route } from "@/lib/http/route";
import { cancelInvoiceOp } from "@/lib/invoices/operations";
import { cancelInvoice } from "@/lib/invoices/cancel-invoice";
import { toInvoiceView } from "@/lib/invoices/invoice-view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(cancelInvoiceOp, async ({ db, merchantId, mode, params }) =>
    toInvoiceView(await cancelInvoice(db, { merchantId, mode, publicId: params.publicId!, actor: "api" })),
  ),
});
