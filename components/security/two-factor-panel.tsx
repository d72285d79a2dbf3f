"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { confirmTwoFactorAction, regenerateRecoveryCodesAction, startTwoFactorAction, turnOffTwoFactorAction } from "@/lib/actions/two-factor";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, Input } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";
import { RecoveryCodes } from "./recovery-codes";
import { Form } from "@/components/ui/form";

type Started = { secret: string; qrSvg: string };

/** The secret as people type it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function ActionError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="text-sm text-red-600" data-testid="two-factor-error">
      {message}
    </p>
  );
}

/** Two-factor is off: start (QR code and key), then confirm with a code and the password. */
export function TwoFactorOff() {
  const router = useRouter();
  const [started, setStarted] = useState<Started | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const start = useToastAction(startTwoFactorAction, {
    onSuccess: ({ data }) => data && setStarted({ secret: data.secret, qrSvg: data.qrSvg }),
    error: "Could not start",
  });
  const confirm = useAction(confirmTwoFactorAction, {
    onSuccess: ({ data }) => {
      if (!data) return;
      setCodes(data.recoveryCodes);
      setPassword("");
      setCode("");
      toast.success("Two-factor authentication is on");
    },
  });

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          setStarted(null);
          router.refresh();
        }}
      />
    );
  }
  if (!started) {
    return (
      <div className="space-y-3">
        <p className="text-sm" data-testid="two-factor-status">
          <span className="mr-2 rounded bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">Off</span>
          You sign in with your password only.
        </p>
        <Button onClick={() => start.execute()} disabled={start.isPending} data-testid="two-factor-start">
          {start.isPending ? "Starting…" : "Set up two-factor authentication"}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-600 dark:text-neutral-400">
        <li>Scan this QR code with your authenticator app, or enter the key by hand.</li>
        <li>Enter the 6-digit code the app shows, and your password, to turn two-factor on.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div
          role="img"
          aria-label="QR code to add Owo to your authenticator app"
          data-testid="totp-qr"
          className="h-44 w-44 shrink-0 rounded-md border border-neutral-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: started.qrSvg }}
        />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-neutral-500">Can&apos;t scan it? Enter this key (time-based):</p>
          <p className="flex items-center gap-1">
            <code className="break-all rounded bg-neutral-100 px-2 py-1 font-mono text-sm dark:bg-neutral-800" data-testid="totp-secret">
              {grouped(started.secret)}
            </code>
            <CopyButton value={started.secret} label="Copy key" />
          </p>
        </div>
      </div>
      <Form
        className="space-y-3 sm:max-w-sm"
        onSubmit={(e) => {
          e.preventDefault();
          confirm.execute({ code, password });
        }}
      >
        <Field label="Authentication code" htmlFor="two-factor-code">
          <Input
            id="two-factor-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </Field>
        <Field label="Current password" htmlFor="two-factor-password">
          <Input
            id="two-factor-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <ActionError message={confirm.result.serverError} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending} data-testid="two-factor-confirm">
            {confirm.isPending ? "Turning on…" : "Turn on two-factor"}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setStarted(null)}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** Two-factor is on: new recovery codes, or turn it off; each needs the password and a code. */
export function TwoFactorOn() {
  const router = useRouter();
  const [mode, setMode] = useState<"regenerate" | "off" | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const reset = () => {
    setMode(null);
    setCode("");
    setPassword("");
  };
  const regenerate = useAction(regenerateRecoveryCodesAction, {
    onSuccess: ({ data }) => {
      if (!data) return;
      reset();
      setCodes(data.recoveryCodes);
      toast.success("New recovery codes made; the old ones no longer work");
    },
  });
  const off = useAction(turnOffTwoFactorAction, {
    onSuccess: () => {
      reset();
      toast.success("Two-factor authentication is off");
      router.refresh();
    },
  });

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          router.refresh();
        }}
      />
    );
  }
  if (!mode) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setMode("regenerate")} data-testid="two-factor-regenerate">
          New recovery codes
        </Button>
        <Button variant="secondary" onClick={() => setMode("off")} data-testid="two-factor-off">
          Turn off
        </Button>
      </div>
    );
  }
  const running = mode === "off" ? off : regenerate;
  return (
    <Form
      className="space-y-3 sm:max-w-sm"
      onSubmit={(e) => {
        e.preventDefault();
        running.execute({ code, password });
      }}
    >
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {mode === "off"
          ? "Turning two-factor off leaves your password as the only thing that signs you in; your recovery codes stop working."
          : "Ten new recovery codes replace the old ones, which stop working."}
      </p>
      <Field label="Authentication or recovery code" htmlFor="two-factor-manage-code">
        <Input id="two-factor-manage-code" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
      </Field>
      <Field label="Current password" htmlFor="two-factor-manage-password">
        <Input
          id="two-factor-manage-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <ActionError message={running.result.serverError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={mode === "off" ? "danger" : "primary"} disabled={running.isPending} data-testid="two-factor-manage-submit">
          {mode === "off" ? "Turn off two-factor" : "Make new recovery codes"}
        </Button>
        <Button type="button" variant="secondary" onClick={reset}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
