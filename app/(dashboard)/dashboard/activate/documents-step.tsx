"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { firstError, FieldError } from "@/components/ui/field-errors";
import { Label } from "@/components/ui/input";
import { useFilePicker } from "@/components/ui/use-file-picker";
import { useToastAction } from "@/components/ui/use-toast-action";
import { removeActivationDocumentAction, uploadActivationDocumentAction } from "./actions";

type Kind = "cac_certificate" | "government_id" | "other";

export type DocumentsProps = {
  setting: "optional" | "required";
  /** The kinds this merchant may attach, in order, with their words. */
  kinds: { kind: Kind; label: string; phrase: string; hint: string; required: boolean }[];
  files: { id: string; kind: Kind; fileName: string; size: number; sizeText: string; uploadedAt: string }[];
  maxBytes: number;
  maxPerKind: number;
  accept: string;
};

function toBase64(buffer: ArrayBuffer): string {
  let binary = "";
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The Documents step (OWO_ACTIVATION_DOCUMENTS optional or required): one field per kind, the
 * files already attached under it with a Remove button. A file is checked here for its size
 * (the server checks again, and its type by its bytes); a refusal shows beside its field.
 */
export function DocumentsStep(props: DocumentsProps & { canEdit: boolean; onDone: () => void }) {
  const missing = props.kinds.filter((k) => k.required && !props.files.some((f) => f.kind === k.kind));
  return (
    <div className="space-y-5" data-testid="activation-documents" data-setting={props.setting}>
      <div>
        <h2 className="font-medium">Documents</h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {props.setting === "required"
            ? `Upload ${props.kinds
                .filter((k) => k.required)
                .map((k) => k.phrase)
                .join(" and ")} before you submit.`
            : "Optional: documents help the reviewer decide sooner."}{" "}
          PDF, PNG or JPEG, up to {Math.round(props.maxBytes / (1024 * 1024))} MB each. Only Owo&apos;s reviewers can open them.
        </p>
      </div>
      {props.kinds.map((k) => (
        <DocumentKindField key={k.kind} {...props} kindInfo={k} files={props.files.filter((f) => f.kind === k.kind)} />
      ))}
      {props.canEdit && (
        <Button type="button" onClick={props.onDone} variant={missing.length ? "secondary" : "primary"} data-testid="activation-documents-continue">
          {missing.length ? "Continue without them for now" : "Continue"}
        </Button>
      )}
    </div>
  );
}

function DocumentKindField({
  kindInfo,
  files,
  canEdit,
  maxBytes,
  maxPerKind,
  accept,
}: DocumentsProps & { canEdit: boolean; kindInfo: DocumentsProps["kinds"][number] }) {
  const router = useRouter();
  const [local, setLocal] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const upload = useToastAction(uploadActivationDocumentAction, {
    success: (d) => `${d.fileName} uploaded`,
    error: false,
    onSuccess: () => router.refresh(),
    onError: () => setSending(null),
  });
  const remove = useToastAction(removeActivationDocumentAction, { success: "Document removed", onSuccess: () => router.refresh() });
  const id = `doc-${kindInfo.kind}`;
  const full = files.length >= maxPerKind;
  const error =
    local ?? upload.result.serverError ?? firstError(upload.result.validationErrors, "base64") ?? firstError(upload.result.validationErrors, "kind");
  const busy = upload.isPending;
  const picker = useFilePicker(async (file, input) => {
    input.value = "";
    if (!file) return;
    if (file.size > maxBytes)
      return setLocal(`A document must be ${Math.round(maxBytes / (1024 * 1024))} MB or smaller; this file is ${(file.size / (1024 * 1024)).toFixed(1)} MB.`);
    if (file.size === 0) return setLocal("The file is empty. Choose a PDF, PNG or JPEG file.");
    setLocal(null);
    setSending(file.name);
    upload.execute({ kind: kindInfo.kind, fileName: file.name, contentType: file.type, base64: toBase64(await file.arrayBuffer()) });
  });
  return (
    <section
      className="space-y-2 border-t border-neutral-100 pt-4 first-of-type:border-0 dark:border-neutral-800"
      data-testid={`activation-document-${kindInfo.kind}`}
    >
      <Label htmlFor={id}>
        {kindInfo.label} <span className="font-normal text-neutral-500">{kindInfo.required ? "(required)" : "(optional)"}</span>
      </Label>
      {files.length > 0 && (
        <ul className="space-y-1" aria-label={`${kindInfo.label} files`}>
          {files.map((f) => (
            <li
              key={f.id}
              className="flex min-w-0 items-center justify-between gap-2 rounded-md bg-neutral-50 px-3 py-2 text-sm dark:bg-neutral-800"
              data-testid="activation-document-file"
            >
              <span className="min-w-0 truncate" title={f.fileName}>
                {f.fileName} <span className="text-neutral-500">· {f.sizeText}</span>
              </span>
              {canEdit && (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.execute({ id: f.id })}
                  aria-label={`Remove ${f.fileName}`}
                  data-testid="activation-document-remove"
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && !full && (
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={busy}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-neutral-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:file:border-neutral-700 dark:file:bg-neutral-900"
          data-testid={`activation-document-input-${kindInfo.kind}`}
          {...picker}
        />
      )}
      {busy && sending && (
        <div className="space-y-1" role="status" data-testid="activation-document-uploading">
          <p className="truncate text-xs text-neutral-600 dark:text-neutral-400">Uploading {sending}…</p>
          <div className="h-1.5 w-full overflow-hidden rounded bg-neutral-200 dark:bg-neutral-700" role="progressbar" aria-label={`Uploading ${sending}`}>
            <div className="h-full w-1/3 animate-pulse rounded bg-accent" />
          </div>
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-neutral-500">
        {full ? `At most ${maxPerKind} files; remove one to add another.` : kindInfo.hint}
      </p>
      <FieldError message={error} testId={`activation-document-error-${kindInfo.kind}`} />
    </section>
  );
}
