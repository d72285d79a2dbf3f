// GET /v1/checkout/payment-links/:id – one payment link; PUT – update it (only the fields given change);
// PATCH – the same handler, as for invoices
import { methods, route } from "@/lib/http/route";
import { publicBaseUrl } from "@/lib/http/public-url";
import { UpdatePaymentLinkBody } from "@/lib/payment-links/payment-link-input";
import { toPaymentLinkView } from "@/lib/payment-links/payment-link-view";
import { getPaymentLinkOrThrow, updatePaymentLink } from "@/lib/payment-links/payment-links";

const update = route({ permission: "checkout", body: UpdatePaymentLinkBody }, async ({ req, db, merchantId, mode, params, body }) =>
  toPaymentLinkView(await updatePaymentLink(db, { merchantId, mode, id: params.id!, body }), publicBaseUrl(req)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ permission: "checkout" }, async ({ req, db, merchantId, mode, params }) =>
    toPaymentLinkView(await getPaymentLinkOrThrow(db, { merchantId, mode, id: params.id! }), publicBaseUrl(req)),
  ),
  PUT: update,
  PATCH: update,
});
