"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { createStaticPayIdAction } from "@/lib/actions/payids";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { firstError } from "@/components/ui/field-errors";
import { Form } from "@/components/ui/form";

const SUFFIXES = [".spid", ".checkout"] as const;
/** What each ending says to a customer; both take money the same way. */
const SUFFIX_WORDS: Record<(typeof SUFFIXES)[number], string> = { ".spid": "to share or print", ".checkout": "for an online checkout" };

/** "New static PayID": a permanent PayID for a business (handle + `.spid` or `.checkout`). */
export function CreateStaticPayIdButton() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [handle, setHandle] = useState("");
  const [suffix, setSuffix] = useState<(typeof SUFFIXES)[number]>(".spid");
  const create = useAction(createStaticPayIdAction, {
    onSuccess: ({ data }) => {
      if (!data) return;
      toast.success(`${data.payId} created`);
      setOpen(false);
      router.push(`/dashboard/payids/static/${data.id}`);
    },
  });
  const handleProblem = handle && !/^[A-Za-z0-9._]{3,20}$/.test(handle) ? "3 to 20 characters: letters, digits, dots or underscores" : undefined;
  const errors = create.result.validationErrors;

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="new-static-payid">
        New static PayID
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="New static PayID">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault(); // not a form action: React would reset what was typed
            const form = new FormData(e.currentTarget);
            create.execute({
              pay_id: handle,
              suffix,
              name: String(form.get("name") ?? ""),
              description: String(form.get("description") ?? "") || null,
            });
          }}
        >
          {create.result.serverError && (
            <p role="status" data-testid="static-payid-error" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {create.result.serverError}
            </p>
          )}
          <Field
            label="PayID"
            htmlFor="spid-handle"
            error={handleProblem ?? firstError(errors, "pay_id") ?? firstError(errors, "suffix")}
            hint="Permanent and reusable: customers pay it any number of times."
          >
            <div className="flex gap-2">
              <Input
                id="spid-handle"
                value={handle}
                onChange={(e) => setHandle(e.target.value.trim())}
                placeholder="acme_lekki"
                maxLength={20}
                required
                autoComplete="off"
                data-testid="static-payid-handle"
              />
              <Select
                aria-label="Ending"
                aria-describedby="spid-suffix-hint"
                value={suffix}
                onChange={(e) => setSuffix(e.target.value as (typeof SUFFIXES)[number])}
                data-testid="static-payid-suffix"
              >
                {SUFFIXES.map((s) => (
                  <option key={s} value={s}>
                    {s} ({SUFFIX_WORDS[s]})
                  </option>
                ))}
              </Select>
            </div>
            <p id="spid-suffix-hint" className="mt-1 text-xs text-neutral-500" data-testid="static-payid-suffix-hint">
              The ending customers see: <span className="font-mono">.spid</span> for a PayID you share or print (a shop counter, a social page),{" "}
              <span className="font-mono">.checkout</span> for one your website shows at checkout. Both take payments the same way.
            </p>
          </Field>
          {handle && !handleProblem && (
            <p className="text-sm text-neutral-600">
              Customers will pay{" "}
              <span className="font-mono font-medium">
                {handle.toLowerCase()}
                {suffix}
              </span>
            </p>
          )}
          <Field label="Name" htmlFor="spid-name" error={firstError(errors, "name")} hint="Shown to customers when they pay.">
            <Input id="spid-name" name="name" maxLength={255} required data-testid="static-payid-name" />
          </Field>
          <Field label="Description (optional)" htmlFor="spid-description" error={firstError(errors, "description")}>
            <Textarea id="spid-description" name="description" maxLength={2000} rows={3} />
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || !handle || Boolean(handleProblem)} data-testid="create-static-payid">
              {create.isPending ? "Creating…" : "Create PayID"}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
