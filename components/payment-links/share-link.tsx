"use client";

import { Check, Copy, MessageCircle, Share2 } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/**
 * A payment link's share buttons: copy, WhatsApp (wa.me works on phones and the desktop app),
 * and the device's own share sheet where the browser has one (most phones).
 */
const noSubscription = () => () => undefined;

export function ShareLink({ url, title }: { url: string; title: string }) {
  // navigator.share exists only in the browser: false on the server and while hydrating, so both render alike.
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === "function",
    () => false,
  );
  const [copied, setCopied] = useState(false);
  const text = `${title}: pay here ${url}`;
  return (
    <div className="flex flex-wrap gap-2" data-testid="share-link">
      <Button
        type="button"
        variant="secondary"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setCopied(true);
            toast.success("Link copied");
            setTimeout(() => setCopied(false), 1500);
          } catch {
            toast.error("Could not copy: select the link and copy it by hand");
          }
        }}
        data-testid="copy-payment-link"
      >
        {copied ? <Check className="h-4 w-4" /> : <Copy className="h-4 w-4" />}
        Copy link
      </Button>
      <a
        href={`https://wa.me/?text=${encodeURIComponent(text)}`}
        target="_blank"
        rel="noreferrer"
        className="inline-flex h-9 items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:hover:bg-neutral-800"
        data-testid="share-whatsapp"
      >
        <MessageCircle className="h-4 w-4" />
        WhatsApp
      </a>
      {canShare && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => navigator.share({ title, text: `${title}: pay here`, url }).catch(() => undefined)}
          data-testid="share-native"
        >
          <Share2 className="h-4 w-4" />
          Share…
        </Button>
      )}
    </div>
  );
}
