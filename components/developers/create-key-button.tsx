"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { createKeyAction } from "@/lib/actions/developers";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/input";
import { PAYMENT_METHODS as METHODS, PERMISSIONS } from "./key-labels";
import { SecretValue } from "./secret-reveal";
import { Form } from "@/components/ui/form";

function Checks({ name, options, defaults }: { name: string; options: { value: string; label: string }[]; defaults: string[] }) {
  return (
    <div className="grid grid-cols-2 gap-1.5">
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 text-sm">
          <input type="checkbox" name={name} value={o.value} defaultChecked={defaults.includes(o.value)} className="accent-[var(--color-accent)]" />
          {o.label}
        </label>
      ))}
    </div>
  );
}

type Created = { secretKey: string; publicKey: string; webhookSecret: string };

export function CreateKeyButton({
  mode,
  walletPayId,
  cryptoAssets,
}: {
  mode: "test" | "live";
  walletPayId: string | null;
  cryptoAssets: { value: string; label: string }[];
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const { execute, isPending, result } = useAction(createKeyAction, {
    onSuccess: ({ data }) => {
      if (!data) return;
      setOpen(false);
      setCreated(data);
      toast.success("API key created");
    },
  });

  function submit(form: FormData) {
    execute({
      name: form.get("name"),
      permissions: form.getAll("permissions"),
      paymentMethods: form.getAll("paymentMethods"),
      cryptoAssets: form.getAll("cryptoAssets"),
      allowedDomains: form.get("allowedDomains"),
      webhookUrl: form.get("webhookUrl"),
      settlementPayId: form.get("settlementPayId") || undefined,
    });
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="create-key">
        Create API key
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`New ${mode} API key`}>
        <Form
          // onSubmit, not a form action: React resets a form after its action, and what was typed must stay after an error.
          onSubmit={(e) => {
            e.preventDefault();
            submit(new FormData(e.currentTarget));
          }}
          className="space-y-4"
        >
          {result.serverError && (
            <p role="status" data-testid="create-key-error" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {result.serverError}
            </p>
          )}
          <Field label="Name" htmlFor="key-name">
            <Input id="key-name" name="name" defaultValue={`${mode === "test" ? "Test" : "Live"} key`} maxLength={100} required />
          </Field>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">Permissions</legend>
            <Checks name="permissions" options={PERMISSIONS} defaults={PERMISSIONS.map((p) => p.value)} />
          </fieldset>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">Payment methods on checkout</legend>
            <Checks name="paymentMethods" options={METHODS} defaults={["bank_transfer", "payid"]} />
          </fieldset>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">
              Crypto assets <span className="font-normal text-neutral-500">(any enables crypto)</span>
            </legend>
            <Checks name="cryptoAssets" options={cryptoAssets} defaults={[]} />
          </fieldset>
          <Field
            label="Webhook URL"
            htmlFor="key-webhook"
            hint={mode === "live" ? "Must be https and publicly reachable." : "http://localhost is fine in test mode."}
          >
            <Input id="key-webhook" name="webhookUrl" type="url" placeholder="https://example.com/webhooks/owo" />
          </Field>
          <Field
            label="Allowed domains (public key)"
            htmlFor="key-domains"
            hint="Comma-separated, e.g. shop.example.com, *.example.com. Empty allows any origin."
          >
            <Input id="key-domains" name="allowedDomains" placeholder="shop.example.com" />
          </Field>
          <Field label="Settlement PayID" htmlFor="key-settlement" hint="Where payments to this key settle. Default: your wallet.">
            <Input id="key-settlement" name="settlementPayId" defaultValue={walletPayId ? `@${walletPayId}` : ""} />
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending} data-testid="create-key-submit">
              {isPending ? "Creating…" : "Create key"}
            </Button>
          </div>
        </Form>
      </Dialog>
      <Dialog open={created !== null} onClose={() => {}} locked title="Save your secret key">
        {created && (
          <div className="space-y-4">
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              This is the only time the secret key is shown. Store it somewhere safe now: Owo keeps only a hash of it.
            </p>
            <SecretValue label="Secret key" value={created.secretKey} testId="new-secret-key" />
            <SecretValue label="Public key" value={created.publicKey} testId="new-public-key" />
            <SecretValue label="Webhook signing secret" value={created.webhookSecret} testId="new-webhook-secret" />
            <div className="flex justify-end">
              <Button
                data-testid="secret-saved"
                onClick={() => {
                  setCreated(null);
                  router.refresh();
                }}
              >
                I have saved my secret key
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
