"use client";

import { setKeyLimitsAction } from "@/lib/actions/admin/merchants";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Input, Label } from "@/components/ui/input";
import { useToastAction } from "@/components/ui/use-toast-action";

/** One key pair's two rate limits (per minute), editable by an admin; saved and audited by the server. */
export function KeyLimitsForm({ keyPairId, rateLimit, initializeLimit }: { keyPairId: string; rateLimit: number; initializeLimit: number }) {
  const save = useToastAction(setKeyLimitsAction, {
    success: "Rate limits saved",
    refresh: true,
    error: "Check the limits: whole numbers from 1 to 1,000,000",
  });
  return (
    <Form
      action={(form) => save.execute({ keyPairId, rateLimit: Number(form.get("rateLimit")), initializeLimit: Number(form.get("initializeLimit")) })}
      className="flex flex-wrap items-end gap-2"
      data-testid={`key-limits-${keyPairId}`}
    >
      <div className="space-y-1">
        <Label htmlFor={`rate-${keyPairId}`} className="text-xs">
          Requests / min
        </Label>
        <Input id={`rate-${keyPairId}`} name="rateLimit" type="number" min={1} max={1_000_000} step={1} required defaultValue={rateLimit} className="w-28" />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`init-${keyPairId}`} className="text-xs">
          Initializations / min
        </Label>
        <Input
          id={`init-${keyPairId}`}
          name="initializeLimit"
          type="number"
          min={1}
          max={1_000_000}
          step={1}
          required
          defaultValue={initializeLimit}
          className="w-28"
        />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save limits"}
      </Button>
    </Form>
  );
}
