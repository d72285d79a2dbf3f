import { flattenSearch } from "@/lib/lists/paging";
import { ListTransfersQuery } from "./transfer-input";

/** URL search params → a valid list query; anything invalid falls back to its default. */
export function parseTransferSearch(search: Record<string, string | string[] | undefined>) {
  const flat = flattenSearch(search);
  const parsed = ListTransfersQuery.safeParse(flat);
  if (parsed.success) return parsed.data;
  const { page: _p, ...rest } = flat;
  const retry = ListTransfersQuery.safeParse(rest);
  return retry.success ? retry.data : ListTransfersQuery.parse({});
}
