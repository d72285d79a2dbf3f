"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { suspendStaticAccountAction } from "@/app/(admin)/admin/actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/** Suspend one static account (a service action, as `owo static-account suspend`): it stops taking payments for good. */
export function SuspendAccountButton({ id, accountNumber, customerName }: { id: string; accountNumber: string; customerName: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const suspend = useAction(suspendStaticAccountAction, {
    onSuccess: () => {
      toast.success(`Account ${accountNumber} suspended`);
      setOpen(false);
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError ?? "Something went wrong"),
  });
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setOpen(true)} data-testid={`suspend-${id}`}>Suspend</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Suspend account ${accountNumber}?`}>
        <p className="text-sm">
          The bank will refuse transfers to <b className="font-mono">{accountNumber}</b> ({customerName}), and the merchant cannot enable it again (ACCOUNT_SUSPENDED).
          Payments already received settle as usual.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="danger" disabled={suspend.isPending} onClick={() => suspend.execute({ id })} data-testid="confirm-suspend">
            {suspend.isPending ? "Suspending…" : `Suspend ${accountNumber}`}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
