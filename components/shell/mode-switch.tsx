"use client";

import { useAction } from "next-safe-action/hooks";
import { toast } from "sonner";
import { setModeAction } from "@/app/(dashboard)/dashboard/actions";
import { cn } from "@/components/ui/cn";

export function ModeSwitch({ mode }: { mode: "test" | "live" }) {
  const { execute, isPending } = useAction(setModeAction, {
    onError: ({ error }) => toast.error(error.serverError ?? "Could not switch mode"),
  });
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
