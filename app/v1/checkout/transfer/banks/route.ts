// GET /v1/checkout/transfer/banks – banks a transfer can be sent to
import { methods, route } from "@/lib/http/route";
import { listBanksOp } from "@/lib/transfers/operations";
import { listBanks } from "@/lib/transfers/list-banks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(listBanksOp, () => listBanks()),
});
