"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { reviewActivationAction } from "../actions";
import { Form } from "@/components/ui/form";

type Decision = "approve" | "reject" | "request_changes";

const TEXT: Record<Decision, { title: string; button: string; done: string }> = {
  approve: { title: "Approve this business?", button: "Approve and open live mode", done: "Approved: live mode is open" },
  reject: { title: "Decline this request?", button: "Decline request", done: "Declined" },
  request_changes: { title: "Ask for a change?", button: "Send to the business", done: "Sent back for changes" },
};

/** Approve, decline with a reason, or ask for changes; each confirms first and says what happens (the owners are emailed). */
export function ActivationDecision({ merchantId, merchantName }: { merchantId: string; merchantName: string }) {
  const router = useRouter();
  const [open, setOpen] = useState<Decision | null>(null);
  const [note, setNote] = useState("");
  const review = useToastAction(reviewActivationAction, {
    success: (_d, input) => TEXT[input.decision].done,
    onSuccess: () => {
      setOpen(null);
      router.refresh();
    },
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setOpen("approve")} data-testid="approve-activation">
        Approve
      </Button>
      <Button variant="secondary" onClick={() => setOpen("request_changes")} data-testid="request-activation-changes">
        Ask for changes
      </Button>
      <Button variant="danger" onClick={() => setOpen("reject")} data-testid="reject-activation">
        Decline
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(null)} title={TEXT[open].title}>
          <Form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              review.execute({ merchantId, decision: open, note: note.trim() || undefined });
            }}
          >
            <p className="text-sm">
              {open === "approve"
                ? `${merchantName} can create live keys and take real payments at once. Its owners are emailed.`
                : open === "reject"
                  ? `${merchantName} stays in test mode. Its owners are emailed your reason.`
                  : `The request goes back to ${merchantName}'s owners with your note; they change it and submit again.`}
            </p>
            {open !== "approve" && (
              <Field label={open === "reject" ? "Reason (the business reads it)" : "What to change (the business reads it)"} htmlFor="activation-note">
                <Textarea
                  id="activation-note"
                  rows={3}
                  maxLength={1000}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  required
                  minLength={5}
                  data-testid="activation-note"
                />
              </Field>
            )}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setOpen(null)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant={open === "reject" ? "danger" : "primary"}
                disabled={review.isPending || (open !== "approve" && note.trim().length < 5)}
                data-testid="confirm-activation-decision"
              >
                {review.isPending ? "Saving…" : TEXT[open].button}
              </Button>
            </div>
          </Form>
        </Dialog>
      )}
    </div>
  );
}
