"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Role } from "@/db/schema";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { Dialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import { changeMemberRoleAction, removeMemberAction } from "./actions";
import { ROLE_OPTIONS } from "./roles";
import { TableScroll } from "@/components/ui/table-scroll";

export type MemberRow = { userId: string; email: string; name: string | null; role: Role; onlyOwner: boolean; joinedAt: string };

export function MemberList({ members, canManage, currentUserId }: { members: MemberRow[]; canManage: boolean; currentUserId: string }) {
  const router = useRouter();
  const [removing, setRemoving] = useState<MemberRow | null>(null);
  const change = useToastAction(changeMemberRoleAction, {
    success: (data) => (data?.changed ? `Role changed to ${data.role}` : undefined),
    refresh: true,
    onError: () => router.refresh(),
  });
  const remove = useToastAction(removeMemberAction, { success: "Member removed", refresh: true, onSuccess: () => setRemoving(null) });
  return (
    <>
      <TableScroll label="Team members" className="overflow-hidden rounded-lg border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
        <table className="w-full text-sm" data-testid="team-members">
          <thead className="border-b border-neutral-200 text-left text-xs uppercase tracking-wide text-neutral-500 dark:border-neutral-800">
            <tr>
              <th className="px-4 py-2 font-medium">Member</th>
              <th className="px-4 py-2 font-medium">Role</th>
              <th className="px-4 py-2 font-medium">Joined</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody>
            {members.map((m) => {
              const self = m.userId === currentUserId;
              return (
                <tr
                  key={m.userId}
                  className="border-b border-neutral-100 last:border-0 dark:border-neutral-800"
                  data-testid="team-member-row"
                  data-email={m.email}
                  data-role={m.role}
                >
                  <td className="px-4 py-2">
                    <p className="font-medium">
                      {m.name ?? m.email}
                      {self && <span className="ml-1 text-xs font-normal text-neutral-500">(you)</span>}
                    </p>
                    {m.name && <p className="text-xs text-neutral-500">{m.email}</p>}
                  </td>
                  <td className="px-4 py-2">
                    {canManage ? (
                      <Select
                        aria-label={`Role of ${m.email}`}
                        data-testid="team-role-select"
                        value={m.role}
                        disabled={change.isPending || m.onlyOwner}
                        title={m.onlyOwner ? "A business needs at least one owner." : undefined}
                        onChange={(e) => change.execute({ userId: m.userId, role: e.target.value })}
                      >
                        {ROLE_OPTIONS.map((r) => (
                          <option key={r.value} value={r.value}>
                            {r.label}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      <span className="capitalize" data-testid="team-member-role">
                        {m.role}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-neutral-500">
                    <DateTime at={m.joinedAt} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    {canManage && !self && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-600"
                        disabled={m.onlyOwner}
                        onClick={() => setRemoving(m)}
                        data-testid="team-remove"
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} title="Remove this member?">
        {removing && (
          <>
            <p className="text-sm">
              <b>{removing.email}</b> loses access to this business immediately. You can invite them again later.
            </p>
            <div className="mt-4 flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={() => remove.execute({ userId: removing.userId })}
                disabled={remove.isPending}
                data-testid="team-remove-confirm"
              >
                Remove member
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
