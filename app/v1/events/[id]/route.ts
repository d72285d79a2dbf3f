// GET /v1/events/:id – one of the key's events
import { toEventView } from "@/lib/events/event-view";
import { getKeyPairEventOrThrow } from "@/lib/events/get-event";
import { methods, route } from "@/lib/http/route";
import { getEventOp } from "@/lib/events/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(getEventOp, async ({ db, key, params }) => toEventView(await getKeyPairEventOrThrow(db, { keyPairId: key.keyPair.id, eventId: params.id ?? "" }))),
});
