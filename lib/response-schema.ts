/**
 * The /v1 response objects are zod schemas, each beside its view (`TransferSchema` in
 * lib/transfers/transfer-view.ts) and the view's type is its `z.output`: one description of
 * what the API answers, from which the OpenAPI document and the typed client are generated,
 * and against which `route()` types each handler's answer.
 */
import { z } from "zod";

/** Named response schemas: each becomes `#/components/schemas/<id>` in the document. */
export const responseRegistry = z.registry<{ id: string; description?: string }>();

/** Registers `schema` under `id` (its name in the document and the typed client). */
export function responseSchema<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  responseRegistry.add(schema, { id, description });
  return schema;
}

export const int = () => z.number().int();
/** A timestamp as `Date#toISOString()` writes it. */
export const timestamp = () => z.iso.datetime({ offset: false });
export const nullableTimestamp = () => timestamp().nullable();
/** Naira, two decimals, as a string ("1500.00"). */
export const naira = () =>
  z
    .string()
    .regex(/^-?\d+\.\d{2}$/)
    .meta({ description: "Naira with two decimals, as a string" });
/** Kobo, an integer. */
export const kobo = () => int().meta({ description: "Amount in kobo" });
export const metadata = () => z.record(z.string(), z.unknown());

/** One page of a list (lib/lists/paging.ts `Paged<T>`). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: int(),
    page: int().meta({ description: "The page number; 0 on a page asked for by starting_after / ending_before" }),
    page_size: int(),
    total_pages: int(),
    has_more: z.boolean().optional().meta({
      description: "On a cursor page only: whether items lie beyond it in the direction asked (older after starting_after, newer before ending_before)",
    }),
  });
}

export const ActionResultSchema = responseSchema(
  "ActionResult",
  z.object({ success: z.literal(true), message: z.string() }),
  "A state change that answers with a sentence (deactivate, reactivate).",
);
export type ActionResult = z.output<typeof ActionResultSchema>;
