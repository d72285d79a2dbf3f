// POST /v1/checkout/payment-links – create a payment link (/l/<slug>); GET – list them (issue 26 item 2)
import { methods, route } from "@/lib/http/route";
import { createPaymentLinkOp, listPaymentLinksOp } from "@/lib/payment-links/operations";
import { publicBaseUrl } from "@/lib/http/public-url";
import { toPaymentLinkView } from "@/lib/payment-links/payment-link-view";
import { createPaymentLink, listPaymentLinks } from "@/lib/payment-links/payment-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(createPaymentLinkOp, async ({ req, db, merchantId, mode, key, body }) =>
    toPaymentLinkView(
      await createPaymentLink(db, { merchantId, mode, keyPairId: key.keyPair.id, settlementPayIdId: key.keyPair.settlementPayIdId, source: "api", body }),
      publicBaseUrl(req),
    ),
  ),
  GET: route(listPaymentLinksOp, async ({ req, db, merchantId, mode, query }) => {
    const page = await listPaymentLinks(db, { merchantId, mode, ...query });
    const base = publicBaseUrl(req);
    return { ...page, items: page.items.map((l) => toPaymentLinkView(l, base)) };
  }),
});
