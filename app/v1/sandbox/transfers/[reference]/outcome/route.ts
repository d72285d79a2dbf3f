// POST /v1/sandbox/transfers/:reference/outcome – decide a pending sandbox bank transfer
import { methods, route } from "@/lib/http/route";
import { setSandboxTransferOutcomeOp } from "@/lib/transfers/operations";
import { setSandboxOutcome } from "@/lib/transfers/set-sandbox-outcome";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(setSandboxTransferOutcomeOp, ({ db, merchantId, mode, params, body }) =>
    setSandboxOutcome(db, { merchantId, mode, reference: params.reference!, body }),
  ),
});
