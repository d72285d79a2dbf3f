import type { z } from "zod";
import { flattenSearch } from "@/lib/lists/paging";
import { ListDynamicPayIdsQuery, ListStaticPayIdsQuery } from "./payid-input";

type Search = Record<string, string | string[] | undefined>;

/** URL search params → a valid list query; anything invalid falls back to its default. */
function parseSearch<S extends z.ZodType>(schema: S, search: Search): z.output<S> {
  const flat = flattenSearch(search);
  const parsed = schema.safeParse(flat);
  if (parsed.success) return parsed.data;
  const { page: _p, status: _s, ...rest } = flat;
  const retry = schema.safeParse(rest);
  return retry.success ? retry.data : schema.parse({});
}

export const parseStaticPayIdSearch = (search: Search) => parseSearch(ListStaticPayIdsQuery, search);
export const parseDynamicPayIdSearch = (search: Search) => parseSearch(ListDynamicPayIdsQuery, search);
