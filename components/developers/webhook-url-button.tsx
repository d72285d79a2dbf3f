"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { setWebhookUrlAction } from "@/lib/actions/developers";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/input";
import { Form } from "@/components/ui/form";

/** Change (or clear) where a key's webhooks go; the server checks the URL and audits the change. */
export function WebhookUrlButton({ keyPairId, current }: { keyPairId: string; current: string | null }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(current ?? "");
  const save = useAction(setWebhookUrlAction, {
    onSuccess: () => {
      setOpen(false);
      toast.success("Webhook URL saved");
      router.refresh();
    },
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="edit-webhook-url">
        Webhook URL
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Webhook URL">
        <Form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.execute({ keyPairId, webhookUrl: value.trim() || null });
          }}
        >
          <Field
            label="Where this key's events are posted"
            htmlFor="webhook-url-input"
            hint="Leave empty to stop sending webhooks."
            error={save.result.serverError}
          >
            <Input
              id="webhook-url-input"
              type="url"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder="https://example.com/webhooks/owo"
              data-testid="webhook-url-input"
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="webhook-url-save">
              {value.trim() ? "Save webhook URL" : "Stop webhooks"}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
