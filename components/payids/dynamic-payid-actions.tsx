"use client";

import { useState } from "react";
import { deactivateDynamicPayIdAction } from "@/lib/actions/payids";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToastAction } from "@/components/ui/use-toast-action";

/** Deactivate an active dynamic PayID before it expires (it cannot be undone). */
export function DeactivateDynamicPayIdButton({ id, payId }: { id: string; payId: string }) {
  const [confirming, setConfirming] = useState(false);
  const deactivate = useToastAction(deactivateDynamicPayIdAction, { success: `${payId} deactivated`, refresh: true, onSuccess: () => setConfirming(false) });
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setConfirming(true)} data-testid="deactivate-dynamic-payid">
        Deactivate
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={`Deactivate ${payId}?`}>
        <p className="text-sm">
          Payments to <b className="font-mono">{payId}</b> will be refused from now on. This cannot be undone: create a new dynamic PayID to take another
          payment.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => deactivate.execute({ id })} disabled={deactivate.isPending} data-testid="confirm-deactivate-dynamic-payid">
            {deactivate.isPending ? "Deactivating…" : `Deactivate ${payId}`}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
