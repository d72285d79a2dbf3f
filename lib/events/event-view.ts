import type { DeliveryStatus, OwoEvent } from "@/db/schema";

/** An event as `GET /v1/events` shows it (supplement §4). */
export type EventView = {
  id: string;
  event: string;
  data: Record<string, unknown>;
  created_at: string;
  delivery: { status: DeliveryStatus; attempts: number; last_status_code: number | null };
};

export function toEventView(row: OwoEvent): EventView {
  return {
    id: row.id,
    event: row.type,
    data: row.data,
    created_at: row.createdAt.toISOString(),
    delivery: { status: row.deliveryStatus, attempts: row.attempts, last_status_code: row.lastStatusCode },
  };
}
