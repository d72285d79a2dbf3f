"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Field, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import { inviteMemberAction } from "./actions";
import { ROLE_OPTIONS } from "./roles";
import { Form } from "@/components/ui/form";

type Invited = { link: string; mail: "sent" | "not_configured" | "failed"; email: string; role: string; expiresAt: string };

const MAIL_NOTE: Record<Invited["mail"], string> = {
  sent: "We emailed this link to them. You can also pass it on yourself.",
  not_configured: "No mail server is configured: send this link to them yourself.",
  failed: "The invitation email could not be sent: send this link to them yourself.",
};

export function InviteForm() {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("viewer");
  const [invited, setInvited] = useState<Invited | null>(null);
  const invite = useToastAction(inviteMemberAction, {
    success: (data) => data && `Invitation created for ${data.email}`,
    refresh: true,
    error: "Could not invite",
    onSuccess: ({ data }) => {
      if (!data) return;
      setInvited(data);
      setEmail("");
    },
  });
  return (
    <Card>
      <h2 className="mb-3 font-medium">Invite a member</h2>
      <Form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setInvited(null);
          invite.execute({ email, role });
        }}
      >
        <div className="min-w-56 flex-1">
          <Field label="Email" htmlFor="team-invite-email">
            <Input
              id="team-invite-email"
              data-testid="team-invite-email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="name@example.com"
            />
          </Field>
        </div>
        <Field label="Role" htmlFor="team-invite-role">
          <Select id="team-invite-role" data-testid="team-invite-role" value={role} onChange={(e) => setRole(e.target.value)}>
            {ROLE_OPTIONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={invite.isPending} data-testid="team-invite-submit">
          {invite.isPending ? "Inviting…" : "Invite"}
        </Button>
      </Form>
      {invite.result.serverError && (
        <p className="mt-3 text-sm text-red-600" data-testid="team-invite-error">
          {invite.result.serverError}
        </p>
      )}
      {invited && (
        <div
          className="mt-4 space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="team-invite-result"
        >
          <p>
            Invitation link for <b>{invited.email}</b> as <b>{invited.role}</b>. It works once, until <DateTime at={invited.expiresAt} />. This is the only time
            it is shown.
          </p>
          <div className="flex items-center gap-1 rounded bg-white p-2 font-mono text-xs dark:bg-neutral-900">
            <span className="break-all" data-testid="team-invite-link">
              {invited.link}
            </span>
            <span data-testid="team-invite-copy" className="shrink-0">
              <CopyButton value={invited.link} label="Copy invitation link" />
            </span>
          </div>
          <p data-testid="team-invite-mail" data-mail={invited.mail}>
            {MAIL_NOTE[invited.mail]}
          </p>
        </div>
      )}
    </Card>
  );
}
