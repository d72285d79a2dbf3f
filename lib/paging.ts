import { z } from "zod";

/** One page of a list: what the /v1 list endpoints answer (api.md) and the dashboard's lists show. */
export type Paged<T> = { items: T[]; total: number; page: number; page_size: number; total_pages: number };

export type Paging = { page: number; page_size: number };

/** Rows to skip to reach this page. */
export const pageOffset = (p: Paging): number => (p.page - 1) * p.page_size;

/** `items` (this page's rows) of `total` as a page. */
export function paged<T>(items: T[], total: number, p: Paging): Paged<T> {
  return { items, total, page: p.page, page_size: p.page_size, total_pages: Math.ceil(total / p.page_size) };
}

/** A page's URL search params, flattened: the first value of each, empty ones dropped. */
export function flattenSearch(search: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(search)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  );
}

/** `page` and `page_size` as every /v1 list takes them (page_size 1–100, default 20). */
export const pagingQueryFields = {
  page: z.coerce.number({ error: "page must be an integer" }).int("page must be an integer").min(1, "page must be at least 1").default(1),
  page_size: z.coerce
    .number({ error: "page_size must be an integer" })
    .int("page_size must be an integer")
    .min(1, "page_size must be at least 1")
    .max(100, "page_size must be at most 100")
    .default(20),
};
