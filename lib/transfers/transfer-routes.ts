import { route } from "@/lib/http/route";
import { quoteCharges } from "./quote-charges";
import { ChargesBody } from "./transfer-input";

/** One handler for the charges route and its SDK-compatibility alias. */
export const chargesRoute = route({ permission: "transfers", wallet: true, body: ChargesBody }, async ({ body }) => quoteCharges(body));
