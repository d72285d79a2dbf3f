/** The /v1 operations of events, each declared once: route files, the OpenAPI document and the typed client read them. */
import { defineOperation } from "@/lib/operation";
import { EventPageSchema, EventSchema } from "./event-view";
import { EventsQuery } from "./list-events";

export const listEventsOp = defineOperation({
  method: "GET",
  path: "/v1/events",
  operationId: "listEvents",
  summary: "List the key's events, newest first",
  tag: "Events",
  query: EventsQuery,
  response: EventPageSchema,
});

export const getEventOp = defineOperation({
  method: "GET",
  path: "/v1/events/{id}",
  operationId: "getEvent",
  summary: "Get an event",
  tag: "Events",
  response: EventSchema,
  errors: { 404: ["NOT_FOUND"] },
});

/** In the order the document lists them (lib/openapi/operations.ts). */
export const EVENT_OPERATIONS = [listEventsOp, getEventOp] as const;
