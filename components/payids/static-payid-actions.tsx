"use client";

import { useState } from "react";
import { setStaticPayIdActiveAction, updateStaticPayIdAction } from "@/lib/actions/payids";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { firstError } from "@/components/ui/field-errors";
import { Form } from "@/components/ui/form";

/** Edit name and description; deactivate (stops taking payments) or reactivate. */
export function StaticPayIdActions({
  id,
  payId,
  name,
  description,
  isActive,
}: {
  id: string;
  payId: string;
  name: string;
  description: string | null;
  isActive: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useToastAction(updateStaticPayIdAction, { success: "PayID updated", refresh: true, onSuccess: () => setEditing(false) });
  const toggle = useToastAction(setStaticPayIdActiveAction, {
    success: (data) => data?.message ?? "Done",
    refresh: true,
    onSuccess: () => setConfirming(false),
  });
  const errors = update.result.validationErrors;

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setEditing(true)} data-testid="edit-static-payid">
        Edit
      </Button>
      {isActive ? (
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)} data-testid="deactivate-static-payid">
          Deactivate
        </Button>
      ) : (
        <Button size="sm" onClick={() => toggle.execute({ id, active: true })} disabled={toggle.isPending} data-testid="reactivate-static-payid">
          {toggle.isPending ? "Reactivating…" : "Reactivate"}
        </Button>
      )}

      <Dialog open={editing} onClose={() => setEditing(false)} title={`Edit ${payId}`}>
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault(); // not a form action: React would reset what was typed
            const form = new FormData(e.currentTarget);
            update.execute({ id, name: String(form.get("name") ?? ""), description: String(form.get("description") ?? "") || null });
          }}
        >
          <Field label="Name" htmlFor="edit-spid-name" error={firstError(errors, "name")}>
            <Input id="edit-spid-name" name="name" defaultValue={name} maxLength={255} required data-testid="edit-static-payid-name" />
          </Field>
          <Field label="Description" htmlFor="edit-spid-description" error={firstError(errors, "description")}>
            <Textarea id="edit-spid-description" name="description" defaultValue={description ?? ""} maxLength={2000} rows={3} />
          </Field>
          <p className="text-xs text-neutral-500">The PayID itself cannot change: customers may have saved it.</p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending} data-testid="save-static-payid">
              {update.isPending ? "Saving…" : "Save changes"}
            </Button>
          </div>
        </Form>
      </Dialog>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={`Deactivate ${payId}?`}>
        <p className="text-sm">
          Payments to <b className="font-mono">{payId}</b> will be refused until you reactivate it. Payments already received are not affected.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => toggle.execute({ id, active: false })}
            disabled={toggle.isPending}
            data-testid="confirm-deactivate-static-payid"
          >
            {toggle.isPending ? "Deactivating…" : `Deactivate ${payId}`}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
