// GET /v1/events – the key's events, newest first (supplement §4)
import { toEventView } from "@/lib/events/event-view";
import { EventsQuery, listKeyPairEvents } from "@/lib/events/list-events";
import { methods, route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ keys: "secret", query: EventsQuery }, async ({ db, key, query }) => {
    const page = await listKeyPairEvents(db, {
      keyPairId: key.keyPair.id,
      type: query.event,
      page: query.page,
      pageSize: query.page_size,
    });
    return { ...page, items: page.items.map(toEventView) };
  }),
});
