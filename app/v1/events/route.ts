// GET /v1/events – the key's events, newest first (supplement §4)
import { toEventView } from "@/lib/events/event-view";
import { listKeyPairEvents } from "@/lib/events/list-events";
import { methods, route } from "@/lib/http/route";
import { listEventsOp } from "@/lib/events/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(listEventsOp, async ({ db, key, merchantId, mode, query }) => {
    const page = await listKeyPairEvents(db, {
      merchantId,
      mode,
      keyPairId: key.keyPair.id,
      type: query.event,
      page: query.page,
      pageSize: query.page_size,
      starting_after: query.starting_after,
      ending_before: query.ending_before,
    });
    return { ...page, items: page.items.map(toEventView) };
  }),
});
