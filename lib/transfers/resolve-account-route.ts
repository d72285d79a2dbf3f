import { route } from "@/lib/http/route";
import { resolveAccount, ResolveAccountBody } from "./resolve-account";

/** One handler for the route and its SDK-compatibility alias, so they cannot drift apart. */
export const resolveAccountRoute = route({ keys: "secret", body: ResolveAccountBody }, ({ body }) => resolveAccount(body));
