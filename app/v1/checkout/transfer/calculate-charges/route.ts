// POST /v1/checkout/transfer/calculate-charges – alias of /charges (supplement §7)
import { methods } from "@/lib/http/route";
import { calculateTransferChargesOp } from "@/lib/transfers/operations";
import { POST as chargesPost } from "../charges/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: chargesPost.as(calculateTransferChargesOp) });
