// POST /v1/sandbox/settlement/run – cutoff, batching and payout now for this key's test-mode static-account payments (supplement §5)
import { methods, route } from "@/lib/http/route";
import { runSandboxSettlementOp } from "@/lib/settlement/operations";
import { sandboxSettlementRun } from "@/lib/settlement/sandbox-settlement-run";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(runSandboxSettlementOp, ({ db, merchantId }) => sandboxSettlementRun(db, { merchantId })),
});
