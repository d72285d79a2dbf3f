// POST /v1/checkout/transfer/resolve-account – alias of /banks/resolve (supplement §7): the same handler, so they cannot drift apart
import { methods } from "@/lib/http/route";
import { resolveAccountOp } from "@/lib/transfers/operations";
import { POST as resolvePost } from "../banks/resolve/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: resolvePost.as(resolveAccountOp) });
