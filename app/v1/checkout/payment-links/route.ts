// POST /v1/checkout/payment-links – create a payment link (/l/<slug>); GET – list them (issue 26 item 2)
import { methods, route } from "@/lib/http/route";
import { publicBaseUrl } from "@/lib/http/public-url";
import { CreatePaymentLinkBody, ListPaymentLinksQuery } from "@/lib/payment-links/payment-link-input";
import { toPaymentLinkView } from "@/lib/payment-links/payment-link-view";
import { createPaymentLink, listPaymentLinks } from "@/lib/payment-links/payment-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ permission: "checkout", body: CreatePaymentLinkBody }, async ({ req, db, merchantId, mode, key, body }) =>
    toPaymentLinkView(
      await createPaymentLink(db, { merchantId, mode, keyPairId: key.keyPair.id, settlementPayIdId: key.keyPair.settlementPayIdId, source: "api", body }),
      publicBaseUrl(req),
    ),
  ),
  GET: route({ permission: "checkout", query: ListPaymentLinksQuery }, async ({ req, db, merchantId, mode, query }) => {
    const page = await listPaymentLinks(db, { merchantId, mode, ...query });
    const base = publicBaseUrl(req);
    return { ...page, items: page.items.map((l) => toPaymentLinkView(l, base)) };
  }),
});
