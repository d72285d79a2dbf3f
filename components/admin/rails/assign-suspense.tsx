"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { assignSuspenseAction, findSuspenseMerchantsAction } from "@/lib/actions/admin/rails";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { firstError } from "@/components/ui/field-errors";
import { Field, Input, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

type Merchant = { id: string; name: string; type: string; ownerEmail: string | null; suspended: boolean };

/**
 * Assign money in suspense to a merchant: find the merchant (name, a member's email or the
 * whole id, as the Merchants list searches), pick one, then confirm with a button that restates
 * the amount and the merchant. The money is booked to that merchant's live wallet as a payment.
 */
export function AssignSuspense({
  id,
  amount,
  rail,
  disabled,
  action = assignSuspenseAction,
  proposal = false,
}: {
  id: string;
  amount: string;
  rail: string;
  disabled?: boolean;
  /** Another command with the same input (the reconciliation queue proposes instead of assigning). */
  action?: typeof assignSuspenseAction;
  /** Proposed for a second admin to confirm (the reconciliation queue): worded so. */
  proposal?: boolean;
}) {
  const router = useRouter();
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ q: string; total: number; merchants: Merchant[]; error?: string } | null>(null);
  const [chosen, setChosen] = useState<Merchant | null>(null);
  const [note, setNote] = useState("");
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = useAction(findSuspenseMerchantsAction);

  // Search as the admin types (after a short pause); an older answer never replaces a newer one.
  const typed = (text: string) => {
    setQuery(text);
    setChosen(null);
    clearTimeout(timer.current);
    const q = text.trim();
    const n = ++asked.current;
    if (q.length < 2) return setFound(null);
    timer.current = setTimeout(async () => {
      const result = await search.executeAsync({ q }).catch(() => undefined);
      if (n !== asked.current) return;
      setFound(result?.data ? { q, ...result.data } : { q, total: 0, merchants: [], error: result?.serverError ?? "The search failed: try again." });
    }, 250);
  };

  const close = () => setOpen(false);
  const verb = proposal ? "Propose assigning" : "Assign";
  const assign = useToastAction(action, {
    success: (data) => data?.message ?? (proposal ? "Proposed: another admin confirms it" : "Assigned to the merchant"),
    onSuccess: () => {
      close();
      setChosen(null);
      setQuery("");
      setNote("");
      router.refresh();
    },
    error: (error) => firstError(error.validationErrors, "merchantId") ?? firstError(error.validationErrors, "note") ?? "Something went wrong",
  });
  const noteError = firstError(assign.result.validationErrors, "note");

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} disabled={disabled || assign.isPending} data-testid="assign-suspense">
        {proposal ? "Assign…" : "Assign to merchant"}
      </Button>
      <Dialog open={open} onClose={close} title="Assign to a merchant">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen) assign.execute({ id, merchantId: chosen.id, note: note.trim() || undefined });
          }}
        >
          <p className="text-sm">
            <b>{amount}</b> received at {rail} is booked to the merchant&apos;s <b>live wallet</b> as a payment: the usual collection fee applies and the
            merchant is sent <span className="font-mono">charge.success</span>. This cannot be undone from here.
            {proposal ? " It runs when another admin confirms it." : ""}
          </p>
          <Field label="Merchant" htmlFor={`${uid}-merchant`} hint="Business name, a member's email, or the whole merchant id">
            <Input
              id={`${uid}-merchant`}
              type="search"
              value={query}
              onChange={(e) => typed(e.target.value)}
              autoComplete="off"
              maxLength={200}
              placeholder="e.g. Iya Basira Foods"
              data-testid="assign-merchant-search"
            />
          </Field>
          {query.trim().length >= 2 && !chosen && (
            <div aria-live="polite">
              {found === null || found.q !== query.trim() ? (
                <p className="text-sm text-neutral-500">Searching…</p>
              ) : found.error ? (
                <p className="text-sm text-red-600">{found.error}</p>
              ) : found.merchants.length === 0 ? (
                <p className="text-sm text-neutral-500" data-testid="assign-merchant-none">
                  No merchant matches “{found.q}”.
                </p>
              ) : (
                <ul
                  className="max-h-56 divide-y divide-neutral-100 overflow-y-auto rounded-md border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
                  aria-label="Matching merchants"
                >
                  {found.merchants.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        onClick={() => setChosen(m)}
                        className="block w-full px-3 py-2 text-left text-sm hover:bg-neutral-50 focus-visible:bg-neutral-50 dark:hover:bg-neutral-800 dark:focus-visible:bg-neutral-800"
                        data-testid="assign-merchant-option"
                        data-merchant-id={m.id}
                      >
                        <span className="font-medium">{m.name}</span>
                        {m.suspended && <span className="ml-2 rounded bg-red-100 px-1 text-xs text-red-800">suspended</span>}
                        <span className="block truncate text-xs text-neutral-500">
                          {[m.ownerEmail, m.type === "personal" ? "Personal" : "Business"].filter(Boolean).join(" · ")}
                        </span>
                      </button>
                    </li>
                  ))}
                  {found.total > found.merchants.length && (
                    <li className="px-3 py-2 text-xs text-neutral-500">{found.total - found.merchants.length} more: type more of the name.</li>
                  )}
                </ul>
              )}
            </div>
          )}
          {chosen && (
            <div
              className="flex items-start justify-between gap-3 rounded-md border border-neutral-200 p-3 text-sm dark:border-neutral-800"
              data-testid="assign-merchant-chosen"
            >
              <div className="min-w-0">
                <p className="font-medium">{chosen.name}</p>
                <p className="font-mono text-xs wrap-anywhere text-neutral-500">{chosen.id}</p>
                {chosen.suspended && (
                  <p className="mt-1 text-xs text-red-700">
                    This business is suspended: the money reaches its wallet, but it cannot move it until the suspension is lifted.
                  </p>
                )}
              </div>
              <button type="button" className="shrink-0 text-sm text-accent hover:underline" onClick={() => setChosen(null)}>
                Change
              </button>
            </div>
          )}
          <Field label="Note (optional)" htmlFor={`${uid}-note`} hint="Why this merchant: kept with the item and in the audit log" error={noteError}>
            <Textarea id={`${uid}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} data-testid="assign-suspense-note" />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!chosen || assign.isPending}
              className="h-auto min-h-9 max-w-full py-1.5 text-center wrap-anywhere"
              data-testid="confirm-assign-suspense"
            >
              {assign.isPending ? (proposal ? "Proposing…" : "Assigning…") : chosen ? `${verb} ${amount} to ${chosen.name}` : `${verb} ${amount}`}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
