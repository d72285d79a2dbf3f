"use client";

import { useId, useState } from "react";
import { confirmLineAction, explainLineAction, proposeAssignAction, proposeBookAction, proposeReturnAction } from "@/lib/actions/admin/reconciliation";
import { AssignSuspense } from "@/components/admin/rails/assign-suspense";
import { ReturnSuspense } from "@/components/admin/rails/return-suspense";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { firstError } from "@/components/ui/field-errors";
import { Field, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

export type QueueEntry = {
  id: string;
  outcome: string;
  direction: "in" | "out";
  origin: "provider" | "owo";
  providerReference: string;
  matchedReference: string | null;
  suggestedReference: string | null;
  amount: string;
  detail: string | null;
  rail: string;
  actions: ("book" | "assign" | "return" | "explain")[];
  proposedAction: string | null;
  /** The proposal is this admin's own (another must confirm it). */
  proposedByMe: boolean;
  payer: { name: string | null; bank: string | null; account: string | null };
};

const PROPOSAL_WORDS: Record<string, string> = {
  book: "Book it through the inbound road",
  assign: "Assign it to a merchant",
  return: "Return it to the payer",
};

/**
 * The exceptions queue (supplement §12): each line an admin must act on, as a card (a phone
 * reads it as well as a desk). Explaining with a note resolves at once; booking, assigning and
 * returning move money, so one admin proposes and another confirms.
 */
export function ExceptionQueue({ items }: { items: QueueEntry[] }) {
  return (
    <ul className="space-y-3" data-testid="exception-queue">
      {items.map((item) => (
        <li key={item.id}>
          <Card className="space-y-2" data-testid="exception-item" data-outcome={item.outcome}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={item.outcome} />
                <span className="text-sm text-neutral-500">{item.origin === "owo" ? "Owo's entry" : item.direction === "in" ? "Money in" : "Money out"}</span>
              </div>
              <b className="tabular-nums">{item.amount}</b>
            </div>
            <p className="font-mono text-xs wrap-anywhere">{item.providerReference}</p>
            {item.detail && <p className="text-sm">{item.detail}</p>}
            {item.suggestedReference && (
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                Possible match (same amount, close in time): <span className="font-mono">{item.suggestedReference}</span>
              </p>
            )}
            {item.proposedAction ? <Proposal item={item} /> : <Actions item={item} />}
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Proposal({ item }: { item: QueueEntry }) {
  const confirm = useToastAction(confirmLineAction, { success: (d) => d?.message, refresh: true });
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md bg-blue-50 p-3 text-sm dark:bg-blue-950/30" data-testid="exception-proposal">
      <span>
        Proposed: <b>{PROPOSAL_WORDS[item.proposedAction!] ?? item.proposedAction}</b>.
      </span>
      {item.proposedByMe ? (
        <span className="text-neutral-600 dark:text-neutral-400" data-testid="exception-awaiting">
          Waiting for another admin to confirm.
        </span>
      ) : (
        <Button size="sm" onClick={() => confirm.execute({ id: item.id })} disabled={confirm.isPending} data-testid="exception-confirm">
          {confirm.isPending ? "Confirming…" : "Confirm"}
        </Button>
      )}
    </div>
  );
}

function Actions({ item }: { item: QueueEntry }) {
  const book = useToastAction(proposeBookAction, { success: (d) => d?.message, refresh: true });
  return (
    <div className="flex flex-wrap gap-2">
      {item.actions.includes("book") && (
        <Button size="sm" onClick={() => book.execute({ id: item.id })} disabled={book.isPending} data-testid="exception-book">
          Book…
        </Button>
      )}
      {item.actions.includes("assign") && <AssignSuspense id={item.id} amount={item.amount} rail={item.rail} action={proposeAssignAction} proposal />}
      {item.actions.includes("return") && (
        <ReturnSuspense id={item.id} amount={item.amount} rail={item.rail} payer={item.payer} action={proposeReturnAction} proposal />
      )}
      <Explain id={item.id} />
    </div>
  );
}

function Explain({ id }: { id: string }) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const explain = useToastAction(explainLineAction, { success: "Explained", refresh: true, onSuccess: () => setOpen(false), error: false });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="exception-explain">
        Explain
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Explain this line">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            explain.execute({ id, note });
          }}
        >
          <Field
            label="Note"
            htmlFor={`${uid}-note`}
            hint="What explains the difference: kept with the line and in the audit log"
            error={firstError(explain.result.validationErrors, "note")}
          >
            <Textarea
              id={`${uid}-note`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={1000}
              rows={3}
              required
              data-testid="exception-note"
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!note.trim() || explain.isPending} data-testid="exception-explain-save">
              {explain.isPending ? "Saving…" : "Save the explanation"}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
