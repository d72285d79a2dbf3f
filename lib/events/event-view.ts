import { z } from "zod";
import { DELIVERY_STATUSES, type OwoEvent } from "@/db/schema";
import { int, metadata, pageOf, responseSchema, timestamp } from "@/lib/response-schema";

/** An event as `GET /v1/events` shows it (supplement §4). */
export const EventSchema = responseSchema(
  "Event",
  z.object({
    id: z.string(),
    event: z.string(),
    data: metadata(),
    created_at: timestamp(),
    delivery: z.object({ status: z.enum(DELIVERY_STATUSES), attempts: int(), last_status_code: int().nullable() }),
  }),
);
export type EventView = z.output<typeof EventSchema>;
export const EventPageSchema = responseSchema("EventPage", pageOf(EventSchema));

export function toEventView(row: OwoEvent): EventView {
  return {
    id: row.id,
    event: row.type,
    data: row.data,
    created_at: row.createdAt.toISOString(),
    delivery: { status: row.deliveryStatus, attempts: row.attempts, last_status_code: row.lastStatusCode },
  };
}
