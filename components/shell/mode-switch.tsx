"use client";

import { Lock } from "lucide-react";
import Link from "@/components/ui/link";
import { useAction } from "next-safe-action/hooks";
import { toast } from "sonner";
import { setModeAction } from "@/lib/actions/shell";
import { cn } from "@/components/ui/cn";

/**
 * The test/live switch. `locked` (the business is not activated, supplement §13): live is shown
 * locked with the reason, and leads to the activation flow instead of switching.
 */
export function ModeSwitch({ mode, locked }: { mode: "test" | "live"; locked?: string }) {
  const { execute, isPending } = useAction(setModeAction, {
    onError: ({ error }) => toast.error(error.serverError ?? "Could not switch mode"),
  });
  if (locked) {
    return (
      <Link
        href="/dashboard/activate"
        data-testid="mode-switch"
        data-locked="true"
        className="flex items-center gap-2 text-sm"
        title="Live mode is locked until your business is activated"
      >
        <span className="relative inline-flex h-5 w-9 items-center rounded-full bg-neutral-300 dark:bg-neutral-700" aria-hidden>
          <span className="inline-block h-4 w-4 translate-x-0.5 rounded-full bg-white" />
        </span>
        <span className="font-medium">Test mode</span>
        <span className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200" data-testid="live-locked">
          <Lock className="mr-1 inline h-3 w-3 align-[-1px]" aria-hidden />
          Live: {locked}
        </span>
      </Link>
    );
  }
  const live = mode === "live";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={live}
      aria-label="Live mode"
      data-testid="mode-switch"
      disabled={isPending}
      onClick={() => execute({ mode: live ? "test" : "live" })}
      className="flex items-center gap-2 text-sm"
    >
      <span className={cn("relative inline-flex h-5 w-9 items-center rounded-full transition-colors", live ? "bg-accent" : "bg-amber-500")}>
        <span className={cn("inline-block h-4 w-4 rounded-full bg-white transition-transform", live ? "translate-x-4.5" : "translate-x-0.5")} />
      </span>
      <span className="font-medium">{live ? "Live" : "Test mode"}</span>
    </button>
  );
}
