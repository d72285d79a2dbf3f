"use client";

import { updatePaymentLinkAction } from "@/lib/actions/payment-links";
import { Button } from "@/components/ui/button";
import { useToastAction } from "@/components/ui/use-toast-action";

/** Stop or resume taking payments through a link (nothing is lost: it can be switched back). */
export function LinkActiveToggle({ id, isActive }: { id: string; isActive: boolean }) {
  const toggle = useToastAction(updatePaymentLinkAction, {
    success: (d) => (d.isActive ? "The link takes payments again" : "The link no longer takes payments"),
    refresh: true,
  });
  return (
    <Button
      variant="secondary"
      disabled={toggle.isPending}
      onClick={() => toggle.execute({ id, body: { is_active: !isActive } })}
      data-testid="toggle-payment-link"
    >
      {isActive ? "Deactivate" : "Activate"}
    </Button>
  );
}
