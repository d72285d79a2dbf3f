"use client";

import { useState } from "react";
import { changeStaticAccountAction } from "@/lib/actions/static-accounts";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToastAction } from "@/components/ui/use-toast-action";

type Change = "disable" | "enable" | "delete";

/** Disable / enable / delete, each that cannot be undone lightly behind a confirmation that says what happens. */
export function StaticAccountActions({
  id,
  accountNumber,
  status,
}: {
  id: string;
  accountNumber: string;
  status: "active" | "disabled" | "suspended" | "deleted";
}) {
  const [confirming, setConfirming] = useState<Change | null>(null);
  const change = useToastAction(changeStaticAccountAction, {
    success: (data) => data?.message ?? "Done",
    refresh: true,
    onSuccess: () => setConfirming(null),
    onError: () => setConfirming(null),
  });
  if (status === "deleted") return null;
  const run = (c: Change) => change.execute({ id, change: c });
  return (
    <div className="flex flex-wrap gap-2">
      {status === "active" && (
        <Button size="sm" variant="secondary" onClick={() => setConfirming("disable")} data-testid="sa-disable">
          Disable
        </Button>
      )}
      {status === "disabled" && (
        <Button size="sm" onClick={() => run("enable")} disabled={change.isPending} data-testid="sa-enable">
          {change.isPending ? "Enabling…" : "Enable"}
        </Button>
      )}
      <Button size="sm" variant="danger" onClick={() => setConfirming("delete")} data-testid="sa-delete">
        Delete
      </Button>

      <Dialog open={confirming === "disable"} onClose={() => setConfirming(null)} title={`Disable ${accountNumber}?`}>
        <p className="text-sm">
          The bank will refuse transfers into <b className="font-mono">{accountNumber}</b> until you enable it again. Payments already received still settle.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button onClick={() => run("disable")} disabled={change.isPending} data-testid="sa-confirm-disable">
            {change.isPending ? "Disabling…" : `Disable ${accountNumber}`}
          </Button>
        </div>
      </Dialog>
      <Dialog open={confirming === "delete"} onClose={() => setConfirming(null)} title={`Delete ${accountNumber}?`}>
        <p className="text-sm">
          This is permanent: <b className="font-mono">{accountNumber}</b> stops taking payments for good and the number is never issued again. Its reference
          cannot be reused. Payments already received still settle.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => run("delete")} disabled={change.isPending} data-testid="sa-confirm-delete">
            {change.isPending ? "Deleting…" : `Delete ${accountNumber} permanently`}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
