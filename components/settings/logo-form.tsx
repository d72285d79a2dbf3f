"use client";

import { useState } from "react";
import { removeLogoAction, uploadLogoAction } from "@/lib/actions/settings";
import { Button } from "@/components/ui/button";
import { firstError, FieldError } from "@/components/ui/field-errors";
import { Label } from "@/components/ui/input";
import { useFilePicker } from "@/components/ui/use-file-picker";
import { useToastAction } from "@/components/ui/use-toast-action";

const MAX_BYTES = 256 * 1024;

function toBase64(buffer: ArrayBuffer): string {
  let binary = "";
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The logo: PNG, JPEG or WebP up to 256 KB, checked again by its bytes on the server. */
export function LogoForm({ logoUrl, name, canEdit }: { logoUrl: string | null; name: string; canEdit: boolean }) {
  const [local, setLocal] = useState<string | null>(null);
  const upload = useToastAction(uploadLogoAction, { success: "Logo saved", error: false, refresh: true, onSuccess: () => setLocal(null) });
  const remove = useToastAction(removeLogoAction, { success: "Logo removed", refresh: true });
  const message = local ?? upload.result.serverError ?? firstError(upload.result.validationErrors, "base64");
  const picker = useFilePicker(async (file, input) => {
    input.value = "";
    if (!file) return;
    if (file.size > MAX_BYTES) return setLocal(`The logo must be 256 KB or smaller; this file is ${Math.ceil(file.size / 1024)} KB.`);
    setLocal(null);
    upload.execute({ base64: toBase64(await file.arrayBuffer()) });
  });
  return (
    <section
      className="max-w-xl space-y-3 rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
      data-testid="logo-form"
    >
      <h2 className="font-medium">Logo</h2>
      <div className="flex flex-wrap items-center gap-4">
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- served from our own origin, already small
          <img
            src={logoUrl}
            alt={`${name} logo`}
            className="h-16 w-16 rounded border border-neutral-200 object-contain dark:border-neutral-700"
            data-testid="logo-current"
          />
        ) : (
          <span className="flex h-16 w-16 items-center justify-center rounded border border-dashed border-neutral-300 text-xs text-neutral-600 dark:text-neutral-400">
            No logo
          </span>
        )}
        {canEdit && (
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor="logo">Upload a logo</Label>
            <input
              id="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={upload.isPending}
              className="block w-full max-w-xs text-sm file:mr-3 file:rounded-md file:border file:border-neutral-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
              {...picker}
            />
            <p className="text-xs text-neutral-600 dark:text-neutral-400">PNG, JPEG or WebP, up to 256 KB. Square works best.</p>
            <FieldError message={message} testId="logo-error" />
          </div>
        )}
        {canEdit && logoUrl && (
          <Button type="button" variant="secondary" size="sm" onClick={() => remove.execute()} disabled={remove.isPending}>
            Remove logo
          </Button>
        )}
      </div>
    </section>
  );
}
