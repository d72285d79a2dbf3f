// GET /v1/checkout/payment-links/:id – one payment link; PUT – update it (only the fields given change);
// PATCH – the same handler, as for invoices
import { methods, route } from "@/lib/http/route";
import { getPaymentLinkOp, patchPaymentLinkOp, updatePaymentLinkOp } from "@/lib/payment-links/operations";
import { publicBaseUrl } from "@/lib/http/public-url";
import { toPaymentLinkView } from "@/lib/payment-links/payment-link-view";
import { getPaymentLinkOrThrow, updatePaymentLink } from "@/lib/payment-links/payment-links";

const update = route(updatePaymentLinkOp, async ({ req, db, merchantId, mode, params, body }) =>
  toPaymentLinkView(await updatePaymentLink(db, { merchantId, mode, id: params.id!, body }), publicBaseUrl(req)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getPaymentLinkOp, async ({ req, db, merchantId, mode, params }) =>
    toPaymentLinkView(await getPaymentLinkOrThrow(db, { merchantId, mode, id: params.id! }), publicBaseUrl(req)),
  ),
  PUT: update,
  PATCH: update.as(patchPaymentLinkOp),
});
