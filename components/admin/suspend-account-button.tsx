"use client";

import { useState } from "react";
import { suspendStaticAccountAction } from "@/lib/actions/admin/merchants";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToastAction } from "@/components/ui/use-toast-action";

/** Suspend one static account (a service action, as `owo static-account suspend`): it stops taking payments for good. */
export function SuspendAccountButton({ id, accountNumber, customerName }: { id: string; accountNumber: string; customerName: string }) {
  const [open, setOpen] = useState(false);
  const suspend = useToastAction(suspendStaticAccountAction, { success: `Account ${accountNumber} suspended`, refresh: true, onSuccess: () => setOpen(false) });
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setOpen(true)} data-testid={`suspend-${id}`}>
        Suspend
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Suspend account ${accountNumber}?`}>
        <p className="text-sm">
          The bank will refuse transfers to <b className="font-mono">{accountNumber}</b> ({customerName}), and the merchant cannot enable it again
          (ACCOUNT_SUSPENDED). Payments already received settle as usual.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={suspend.isPending} onClick={() => suspend.execute({ id })} data-testid="confirm-suspend">
            {suspend.isPending ? "Suspending…" : `Suspend ${accountNumber}`}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
