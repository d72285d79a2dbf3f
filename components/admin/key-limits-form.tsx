"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { setKeyLimitsAction } from "@/app/(admin)/admin/actions";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";

/** One key pair's two rate limits (per minute), editable by an admin; saved and audited by the server. */
export function KeyLimitsForm({ keyPairId, rateLimit, initializeLimit }: { keyPairId: string; rateLimit: number; initializeLimit: number }) {
  const router = useRouter();
  const save = useAction(setKeyLimitsAction, {
    onSuccess: () => {
      toast.success("Rate limits saved");
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError ?? "Check the limits: whole numbers from 1 to 1,000,000"),
  });
  return (
    <form
      action={(form) => save.execute({ keyPairId, rateLimit: Number(form.get("rateLimit")), initializeLimit: Number(form.get("initializeLimit")) })}
      className="flex flex-wrap items-end gap-2"
      data-testid={`key-limits-${keyPairId}`}
    >
      <div className="space-y-1">
        <Label htmlFor={`rate-${keyPairId}`} className="text-xs">Requests / min</Label>
        <Input id={`rate-${keyPairId}`} name="rateLimit" type="number" min={1} max={1_000_000} step={1} required defaultValue={rateLimit} className="w-28" />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`init-${keyPairId}`} className="text-xs">Initializations / min</Label>
        <Input id={`init-${keyPairId}`} name="initializeLimit" type="number" min={1} max={1_000_000} step={1} required defaultValue={initializeLimit} className="w-28" />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save limits"}</Button>
    </form>
  );
}
