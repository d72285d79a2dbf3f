"use client";

import { useState } from "react";
import { setProductStateAction } from "@/lib/actions/admin/merchants";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToastAction } from "@/components/ui/use-toast-action";

type State = "enabled" | "disabled" | "suspended";

const EFFECT: Record<State, string> = {
  enabled: "The business can create static NGN accounts and use every static-account endpoint.",
  disabled: "Every static-account endpoint except status answers 403 STATIC_ACCOUNT_NOT_ENABLED. Existing accounts and their money stay as they are.",
  suspended: "Every static-account call is refused with 403 STATIC_ACCOUNT_SUSPENDED until an admin enables the product again.",
};

const VERB: Record<State, string> = { enabled: "Enable", disabled: "Disable", suspended: "Suspend" };

/** Enable, disable or suspend the static-account product for one merchant (as `owo merchant set`). */
export function ProductStateControl({ merchantId, merchantName, state }: { merchantId: string; merchantName: string; state: State }) {
  const [target, setTarget] = useState<State | null>(null);
  const change = useToastAction(setProductStateAction, {
    success: (data) => `Static accounts ${data?.static_accounts ?? ""} for ${merchantName}`,
    refresh: true,
    onSuccess: () => setTarget(null),
  });
  const others = (["enabled", "disabled", "suspended"] as const).filter((s) => s !== state);
  return (
    <span className="inline-flex gap-1">
      {others.map((s) => (
        <Button key={s} size="sm" variant={s === "suspended" ? "danger" : "secondary"} onClick={() => setTarget(s)} data-testid={`product-${s}-${merchantId}`}>
          {VERB[s]}
        </Button>
      ))}
      <Dialog open={target !== null} onClose={() => setTarget(null)} title={target ? `${VERB[target]} static accounts for ${merchantName}?` : ""}>
        {target && (
          <>
            <p className="text-sm">{EFFECT[target]}</p>
            <div className="mt-4 flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setTarget(null)}>
                Cancel
              </Button>
              <Button
                variant={target === "suspended" ? "danger" : "primary"}
                disabled={change.isPending}
                onClick={() => change.execute({ merchantId, state: target })}
                data-testid="confirm-product-state"
              >
                {change.isPending ? "Saving…" : `${VERB[target]} static accounts`}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </span>
  );
}
