"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** Copies a hosted page link: on APP_URL when the operator set one, else on the origin the dashboard is open on. */
export function CheckoutLinkCopy({ base, path }: { base: string | null; path: string }) {
  const origin = base ?? (typeof window === "undefined" ? "" : window.location.origin);
  return <CopyButton value={`${origin}${path}`} label="Copy checkout link" />;
}
