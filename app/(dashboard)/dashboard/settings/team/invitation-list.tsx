"use client";

import { useState } from "react";
import type { Role } from "@/db/schema";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { Dialog } from "@/components/ui/dialog";
import { EmptyHint, EmptyState } from "@/components/ui/empty-state";
import { useToastAction } from "@/components/ui/use-toast-action";
import { revokeInvitationAction } from "./actions";
import { TableScroll } from "@/components/ui/table-scroll";

export type InvitationRow = { id: string; email: string; role: Role; invitedBy: string | null; status: string; expiresAt: string };

export function InvitationList({ invitations }: { invitations: InvitationRow[] }) {
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);
  const revoke = useToastAction(revokeInvitationAction, {
    success: "Invitation revoked",
    refresh: true,
    error: "Could not revoke",
    onSuccess: () => setRevoking(null),
  });
  if (invitations.length === 0) {
    return (
      <EmptyState testId="team-invitations-empty" title="No pending invitations">
        <EmptyHint>Invite someone above: they get a link that works once, for 7 days.</EmptyHint>
      </EmptyState>
    );
  }
  return (
    <>
      <TableScroll
        label="Pending invitations"
        className="overflow-hidden rounded-lg border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
      >
        <table className="w-full text-sm" data-testid="team-invitations">
          <thead className="border-b border-neutral-200 text-left text-xs uppercase tracking-wide text-neutral-500 dark:border-neutral-800">
            <tr>
              <th className="px-4 py-2 font-medium">Email</th>
              <th className="px-4 py-2 font-medium">Role</th>
              <th className="px-4 py-2 font-medium">Invited by</th>
              <th className="px-4 py-2 font-medium">Expires</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody>
            {invitations.map((i) => (
              <tr
                key={i.id}
                className="border-b border-neutral-100 last:border-0 dark:border-neutral-800"
                data-testid="team-invitation-row"
                data-email={i.email}
                data-status={i.status}
              >
                <td className="px-4 py-2 font-medium">{i.email}</td>
                <td className="px-4 py-2 capitalize">{i.role}</td>
                <td className="px-4 py-2 text-neutral-500">{i.invitedBy ?? "—"}</td>
                <td className="px-4 py-2">{i.status === "expired" ? <StatusBadge status="expired" /> : <DateTime at={i.expiresAt} />}</td>
                <td className="px-4 py-2 text-right">
                  <Button size="sm" variant="ghost" className="text-red-600" onClick={() => setRevoking(i)} data-testid="team-invitation-revoke">
                    {i.status === "expired" ? "Remove" : "Revoke"}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} title="Revoke this invitation?">
        {revoking && (
          <>
            <p className="text-sm">
              The link sent to <b>{revoking.email}</b> stops working. You can invite them again later.
            </p>
            <div className="mt-4 flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setRevoking(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={() => revoke.execute({ invitationId: revoking.id })}
                disabled={revoke.isPending}
                data-testid="team-invitation-revoke-confirm"
              >
                Revoke invitation
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
