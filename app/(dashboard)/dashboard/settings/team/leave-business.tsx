"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToastAction } from "@/components/ui/use-toast-action";
import { leaveBusinessAction } from "./actions";

export function LeaveBusiness({ businessName, lastOwner }: { businessName: string; lastOwner: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const leave = useToastAction(leaveBusinessAction, {
    success: `You left ${businessName}`,
    refresh: true,
    error: "Could not leave",
    onSuccess: ({ data }) => router.push(data?.others ? "/dashboard" : "/sign-in"),
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm dark:border-neutral-800 dark:bg-neutral-900">
      <p className="text-neutral-600 dark:text-neutral-400">
        {lastOwner
          ? "You are the only owner: make someone else an owner before you leave. A business needs at least one owner."
          : "You lose access to this business; an owner can invite you again."}
      </p>
      <Button variant="secondary" size="sm" disabled={lastOwner} onClick={() => setOpen(true)} data-testid="team-leave">
        Leave business
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Leave ${businessName}?`}>
        <p className="text-sm">You lose access to {businessName} immediately.</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => leave.execute()} disabled={leave.isPending} data-testid="team-leave-confirm">
            Leave
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
