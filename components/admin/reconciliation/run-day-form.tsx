"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { runDayAction, uploadStatementAction } from "@/lib/actions/admin/reconciliation";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useFilePicker } from "@/components/ui/use-file-picker";
import { useToastAction } from "@/components/ui/use-toast-action";
import { Form } from "@/components/ui/form";

const FORMATS = [
  { value: "provider", label: "The provider's export" },
  { value: "bank", label: "Bank statement (saved column mapping)" },
] as const;

/**
 * Run a rail's Lagos day from the provider's API, or from a statement file (the provider's CSV
 * export, or a bank statement read with the mapping saved for its source). Either opens the run.
 */
export function RunDayForm({ rails, today, yesterday }: { rails: string[]; today: string; yesterday: string }) {
  const router = useRouter();
  const uid = useId();
  const [rail, setRail] = useState(rails[0] ?? "");
  const [day, setDay] = useState(yesterday);
  const [format, setFormat] = useState<"provider" | "bank">("provider");
  const [source, setSource] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const picker = useFilePicker((f) => setFile(f ?? null));
  const opened = (data: { runId: string } | undefined) => {
    if (data) router.push(`/admin/reconciliation/${data.runId}`);
  };
  const run = useToastAction(runDayAction, { success: (d) => d?.message, onSuccess: ({ data }) => opened(data) });
  const upload = useToastAction(uploadStatementAction, { success: (d) => d?.message, onSuccess: ({ data }) => opened(data) });
  const busy = run.isPending || upload.isPending;
  const providerFormat = rail === "sandbox" ? "bank" : rail;

  return (
    <Card className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Rail" htmlFor={`${uid}-rail`}>
          <Select id={`${uid}-rail`} value={rail} onChange={(e) => setRail(e.target.value)} className="w-full" data-testid="reconcile-rail">
            {rails.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Day (Lagos)" htmlFor={`${uid}-day`}>
          <Input id={`${uid}-day`} type="date" value={day} max={today} onChange={(e) => setDay(e.target.value)} data-testid="reconcile-day" />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => run.execute({ rail, day })} disabled={busy || !rail || !day} data-testid="reconcile-run">
          {run.isPending ? "Reconciling…" : "Reconcile from the provider's API"}
        </Button>
      </div>
      <Form
        className="space-y-3 border-t border-neutral-100 pt-4 dark:border-neutral-800"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!file) return;
          const text = await file.text();
          upload.execute({
            rail,
            day,
            format: format === "bank" ? "bank" : (providerFormat as "paystack"),
            source: source.trim() || undefined,
            fileName: file.name,
            text,
          });
        }}
      >
        <p className="text-sm font-medium">Or upload a statement file</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Format" htmlFor={`${uid}-format`}>
            <Select
              id={`${uid}-format`}
              value={format}
              onChange={(e) => setFormat(e.target.value as "provider" | "bank")}
              className="w-full"
              data-testid="reconcile-format"
            >
              {FORMATS.map((f) => (
                <option key={f.value} value={f.value} disabled={f.value === "provider" && rail === "sandbox"}>
                  {f.label}
                </option>
              ))}
            </Select>
          </Field>
          {format === "bank" && (
            <Field label="Source" htmlFor={`${uid}-source`} hint="The name its column mapping was saved under (the rail's name by default)">
              <Input id={`${uid}-source`} value={source} onChange={(e) => setSource(e.target.value)} maxLength={100} />
            </Field>
          )}
        </div>
        <Field label="Statement (CSV)" htmlFor={`${uid}-file`} hint="Up to 4 MB here; larger files with npx owo reconcile run --file">
          <Input id={`${uid}-file`} type="file" accept=".csv,text/csv" {...picker} data-testid="reconcile-file" />
        </Field>
        <Button type="submit" variant="secondary" disabled={busy || !file || !rail || !day} data-testid="reconcile-upload">
          {upload.isPending ? "Reading the file…" : "Reconcile the file"}
        </Button>
      </Form>
    </Card>
  );
}
