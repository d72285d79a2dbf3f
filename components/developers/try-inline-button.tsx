"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

type Owo = { checkout(options: Record<string, unknown>): Promise<void> };

/** Loads /v1/inline.js from this origin once (the page's CSP allows scripts from 'self'). */
function loadInline(): Promise<Owo> {
  const w = window as unknown as { Owo?: Owo };
  if (w.Owo) return Promise.resolve(w.Owo);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "/v1/inline.js";
    script.async = true;
    script.onload = () => (w.Owo ? resolve(w.Owo) : reject(new Error("inline.js did not load")));
    script.onerror = () => reject(new Error("inline.js did not load"));
    document.head.append(script);
  });
}

/** "Try it": the real inline checkout over the dashboard, with the test public key (₦100, test mode). */
export function TryInlineButton({ publicKey, email }: { publicKey: string; email: string }) {
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<string | null>(null);

  async function tryIt() {
    setBusy(true);
    try {
      const owo = await loadInline();
      await owo.checkout({
        apiKey: publicKey,
        email,
        amount: 10_000,
        reference: `try-inline-${Date.now()}`,
        metadata: { source: "dashboard try-it" },
        onSuccess: (r: { session_id: string }) => {
          setLast(`onSuccess: ${JSON.stringify(r)}`);
          toast.success("Test payment completed");
        },
        onClose: () => setLast("onClose: closed before paying"),
        onError: (e: { code: string; message: string }) => {
          setLast(`onError: ${e.code}: ${e.message}`);
          toast.error(e.message);
        },
      });
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <Button onClick={() => void tryIt()} disabled={busy} data-testid="try-inline">
        {busy ? "Opening…" : "Try it (₦100, test mode)"}
      </Button>
      {last && (
        <pre className="overflow-x-auto rounded bg-neutral-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-neutral-950" data-testid="try-inline-result">
          {last}
        </pre>
      )}
    </div>
  );
}
