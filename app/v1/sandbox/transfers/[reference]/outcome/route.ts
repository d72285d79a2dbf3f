// POST /v1/sandbox/transfers/:reference/outcome – decide a pending sandbox bank transfer
import { methods, route } from "@/lib/http/route";
import { SandboxOutcomeBody, setSandboxOutcome } from "@/lib/transfers/set-sandbox-outcome";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ sandbox: true, body: SandboxOutcomeBody }, ({ db, merchantId, mode, params, body }) =>
    setSandboxOutcome(db, { merchantId, mode, reference: params.reference!, body }),
  ),
});
