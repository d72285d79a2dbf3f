// POST /v1/checkout/invoice – create an invoice (draft, or sent with send: true); GET – list invoices (supplement §6)
import { methods, route } from "@/lib/http/route";
import { createInvoiceOp, listInvoicesOp } from "@/lib/invoices/operations";
import { publicBaseUrl } from "@/lib/http/public-url";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { toInvoiceView } from "@/lib/invoices/invoice-view";
import { listInvoices } from "@/lib/invoices/list-invoices";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(createInvoiceOp, async ({ req, db, merchantId, mode, key, body }) =>
    toInvoiceView(
      await createInvoice(db, {
        merchantId,
        mode,
        keyPairId: key.keyPair.id,
        settlementPayIdId: key.keyPair.settlementPayIdId,
        source: "api",
        baseUrl: publicBaseUrl(req),
        body,
      }),
    ),
  ),
  GET: route(listInvoicesOp, async ({ db, merchantId, mode, query }) => {
    const page = await listInvoices(db, { merchantId, mode, ...query });
    return { ...page, items: page.items.map(toInvoiceView) };
  }),
});
