import { flattenSearch } from "@/lib/lists/paging";
import { ListVirtualAccountsQuery } from "./virtual-account-input";

/** URL search params → a valid list query; anything invalid falls back to its default. */
export function parseVirtualAccountSearch(search: Record<string, string | string[] | undefined>): ListVirtualAccountsQuery {
  const flat = flattenSearch(search);
  const parsed = ListVirtualAccountsQuery.safeParse(flat);
  if (parsed.success) return parsed.data;
  const { page: _p, ...rest } = flat;
  const retry = ListVirtualAccountsQuery.safeParse(rest);
  return retry.success ? retry.data : ListVirtualAccountsQuery.parse({});
}
