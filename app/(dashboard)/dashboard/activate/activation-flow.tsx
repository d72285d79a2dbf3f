"use client";

import { useRouter } from "next/navigation";
import { useAction } from "next-safe-action/hooks";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { firstError, FieldError } from "@/components/ui/field-errors";
import { Field, Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToastAction } from "@/components/ui/use-toast-action";
import { resolvePayoutAccountAction, saveBusinessDetailsAction, saveOwnerIdentityAction, savePayoutAccountAction, submitActivationAction } from "./actions";
import { DocumentsStep, type DocumentsProps } from "./documents-step";
import { Form } from "@/components/ui/form";

type Step = "business" | "identity" | "payout" | "documents" | "review";
type Saved = {
  legalName: string;
  rcNumber: string;
  address: string;
  ownerName: string;
  identityType: "bvn" | "nin";
  identityLast4: string | null;
  identityOutcome: string | null;
  identityNote: string | null;
  payoutBankCode: string;
  payoutAccountNumber: string;
  payoutAccountName: string | null;
  payoutBankName: string | null;
};

/**
 * The activation request's steps: each saves on its own (leave and resume), then the review
 * submits. The Documents step is there only when the operator collects documents
 * (`documents`, from OWO_ACTIVATION_DOCUMENTS optional or required).
 */
export function ActivationFlow(props: {
  step: Step;
  canEdit: boolean;
  merchantType: "business" | "personal";
  banks: { bankCode: string; bankName: string }[];
  done: Record<"business" | "identity" | "payout", boolean>;
  saved: Saved;
  documents?: DocumentsProps | null;
}) {
  const router = useRouter();
  const next: Record<Exclude<Step, "review">, Step> = {
    business: "identity",
    identity: "payout",
    payout: props.documents ? "documents" : "review",
    documents: "review",
  };
  const goNext = (from: Exclude<Step, "review">) => {
    router.push(`/dashboard/activate?step=${next[from]}`);
    router.refresh();
  };
  switch (props.step) {
    case "business":
      return <BusinessStep {...props} onDone={() => goNext("business")} />;
    case "identity":
      return <IdentityStep {...props} onDone={() => goNext("identity")} />;
    case "payout":
      return <PayoutStep {...props} onDone={() => goNext("payout")} />;
    case "documents":
      return props.documents ? <DocumentsStep {...props.documents} canEdit={props.canEdit} onDone={() => goNext("documents")} /> : <ReviewStep {...props} />;
    default:
      return <ReviewStep {...props} />;
  }
}

type StepProps = Parameters<typeof ActivationFlow>[0] & { onDone: () => void };

function BusinessStep({ saved, merchantType, canEdit, onDone }: StepProps) {
  const [legalName, setLegalName] = useState(saved.legalName);
  const [rcNumber, setRcNumber] = useState(saved.rcNumber);
  const [address, setAddress] = useState(saved.address);
  const save = useToastAction(saveBusinessDetailsAction, { success: "Business details saved", error: false, onSuccess: onDone });
  const errors = save.result.validationErrors;
  return (
    <Form
      className="space-y-4"
      data-testid="activation-business-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.execute({ legalName, rcNumber: merchantType === "business" ? rcNumber : undefined, address });
      }}
    >
      <h2 className="font-medium">Business details</h2>
      <fieldset disabled={!canEdit} className="space-y-4">
        <Field
          label={merchantType === "business" ? "Registered business name" : "Your legal name"}
          htmlFor="act-legal"
          hint={merchantType === "business" ? "As on your CAC certificate" : undefined}
          error={firstError(errors, "legalName")}
        >
          <Input
            id="act-legal"
            value={legalName}
            onChange={(e) => setLegalName(e.target.value)}
            autoComplete="organization"
            data-testid="activation-legal-name"
          />
        </Field>
        {merchantType === "business" && (
          <Field
            label="CAC registration number"
            htmlFor="act-rc"
            hint="RC1234567 for a company, BN1234567 for a business name"
            error={firstError(errors, "rcNumber")}
          >
            <Input id="act-rc" value={rcNumber} onChange={(e) => setRcNumber(e.target.value)} data-testid="activation-rc-number" />
          </Field>
        )}
        <Field label="Address" htmlFor="act-address" error={firstError(errors, "address")}>
          <Textarea
            id="act-address"
            rows={2}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            autoComplete="street-address"
            data-testid="activation-address"
          />
        </Field>
        <FieldError message={save.result.serverError} />
        {canEdit && (
          <Button type="submit" disabled={save.isPending} data-testid="activation-save-business">
            {save.isPending ? "Saving…" : "Save and continue"}
          </Button>
        )}
      </fieldset>
    </Form>
  );
}

function IdentityStep({ saved, canEdit, onDone }: StepProps) {
  const [ownerName, setOwnerName] = useState(saved.ownerName);
  const [identityType, setIdentityType] = useState<"bvn" | "nin">(saved.identityType);
  const [identityNumber, setIdentityNumber] = useState("");
  const save = useToastAction(saveOwnerIdentityAction, { success: "Identity checked", error: false, onSuccess: onDone });
  const errors = save.result.validationErrors;
  return (
    <Form
      className="space-y-4"
      data-testid="activation-identity-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.execute({ ownerName, identityType, identityNumber });
      }}
    >
      <h2 className="font-medium">Your identity</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        We check your name against your BVN or NIN. Owo keeps only its last four digits and the answer, never the number.
      </p>
      {saved.identityLast4 && (
        <p
          className="rounded-md bg-neutral-50 px-3 py-2 text-sm dark:bg-neutral-800"
          data-testid="activation-identity-saved"
          data-outcome={saved.identityOutcome ?? ""}
        >
          Saved: {saved.ownerName}, {saved.identityType.toUpperCase()} ending {saved.identityLast4} —{" "}
          {saved.identityOutcome === "match"
            ? "name matches"
            : saved.identityOutcome === "mismatch"
              ? "name does not match"
              : "not checked (the reviewer will check it)"}
        </p>
      )}
      <fieldset disabled={!canEdit} className="space-y-4">
        <Field label="Your full name" htmlFor="act-owner" hint="As it appears on your BVN or NIN record" error={firstError(errors, "ownerName")}>
          <Input id="act-owner" value={ownerName} onChange={(e) => setOwnerName(e.target.value)} autoComplete="name" data-testid="activation-owner-name" />
        </Field>
        <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Identity number type">
          {(["bvn", "nin"] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="radio"
              aria-checked={identityType === t}
              onClick={() => setIdentityType(t)}
              className={`rounded-md border px-3 py-2 text-sm ${identityType === t ? "border-accent bg-accent-soft/40 font-medium" : "border-neutral-300 dark:border-neutral-700"}`}
              data-testid={`activation-identity-${t}`}
            >
              {t.toUpperCase()}
            </button>
          ))}
        </div>
        <Field label={identityType === "bvn" ? "BVN" : "NIN"} htmlFor="act-idnum" hint="11 digits" error={firstError(errors, "identityNumber")}>
          <Input
            id="act-idnum"
            inputMode="numeric"
            maxLength={11}
            value={identityNumber}
            onChange={(e) => setIdentityNumber(e.target.value.replace(/\D/g, ""))}
            autoComplete="off"
            data-testid="activation-identity-number"
          />
        </Field>
        <FieldError message={save.result.serverError} testId="activation-identity-error" />
        {canEdit && (
          <Button type="submit" disabled={save.isPending} data-testid="activation-save-identity">
            {save.isPending ? "Checking…" : "Check and continue"}
          </Button>
        )}
      </fieldset>
    </Form>
  );
}

function PayoutStep({ saved, banks, canEdit, onDone }: StepProps) {
  const [bankCode, setBankCode] = useState(saved.payoutBankCode);
  const [accountNumber, setAccountNumber] = useState(saved.payoutAccountNumber);
  const resolve = useAction(resolvePayoutAccountAction);
  const { execute: runResolve } = resolve;
  useEffect(() => {
    if (bankCode && /^\d{10}$/.test(accountNumber)) runResolve({ bankCode, accountNumber });
  }, [bankCode, accountNumber, runResolve]);
  const name = resolve.result.data?.account_name;
  const save = useToastAction(savePayoutAccountAction, { success: (d) => (d ? "Payout account saved" : undefined), error: false, onSuccess: onDone });
  return (
    <Form
      className="space-y-4"
      data-testid="activation-payout-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name) save.execute({ bankCode, accountNumber });
      }}
    >
      <h2 className="font-medium">Payout account</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Where your live money is paid out. Its name comes from the bank.</p>
      <fieldset disabled={!canEdit} className="space-y-4">
        <Field label="Bank" htmlFor="act-bank">
          <Select id="act-bank" value={bankCode} onChange={(e) => setBankCode(e.target.value)} className="w-full" data-testid="activation-bank">
            <option value="">Choose a bank</option>
            {banks.map((b) => (
              <option key={b.bankCode} value={b.bankCode}>
                {b.bankName}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Account number"
          htmlFor="act-account"
          error={accountNumber.length > 0 && accountNumber.length < 10 ? "An account number has 10 digits" : resolve.result.serverError}
        >
          <Input
            id="act-account"
            inputMode="numeric"
            maxLength={10}
            value={accountNumber}
            onChange={(e) => setAccountNumber(e.target.value.replace(/\D/g, ""))}
            placeholder="0123456789"
            data-testid="activation-account-number"
          />
        </Field>
        {resolve.isPending && <p className="text-sm text-neutral-500">Checking the account…</p>}
        {name && !resolve.isPending && (
          <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="activation-account-name">
            {name}
          </p>
        )}
        <FieldError message={save.result.serverError} />
        {canEdit && (
          <Button type="submit" disabled={!name || resolve.isPending || save.isPending} data-testid="activation-save-payout">
            {save.isPending ? "Saving…" : name ? `Pay out to ${name}` : "Save and continue"}
          </Button>
        )}
      </fieldset>
    </Form>
  );
}

function ReviewStep({ saved, done, merchantType, canEdit, documents }: Parameters<typeof ActivationFlow>[0]) {
  const router = useRouter();
  const submit = useToastAction(submitActivationAction, {
    success: (d) => (d?.activated ? "Your business is activated" : "Submitted for review"),
    onSuccess: () => router.refresh(),
  });
  const documentsMissing =
    documents?.setting === "required" ? documents.kinds.filter((k) => k.required && !documents.files.some((f) => f.kind === k.kind)) : [];
  const ready = done.business && done.identity && done.payout && documentsMissing.length === 0;
  const row = (label: string, value: string | null, ok: boolean, step: string) => (
    <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-neutral-100 py-2 last:border-0 dark:border-neutral-800">
      <dt className="text-sm text-neutral-500">{label}</dt>
      <dd className="text-sm">
        {ok ? (
          value
        ) : (
          <a href={`/dashboard/activate?step=${step}`} className="text-accent underline">
            Not done yet
          </a>
        )}
      </dd>
    </div>
  );
  return (
    <div className="space-y-4" data-testid="activation-review">
      <h2 className="font-medium">Check and submit</h2>
      <dl>
        {row(
          merchantType === "business" ? "Business" : "Legal name",
          `${saved.legalName}${saved.rcNumber ? ` (${saved.rcNumber})` : ""}`,
          done.business,
          "business",
        )}
        {row("Address", saved.address, done.business, "business")}
        {row("Owner", `${saved.ownerName} · ${saved.identityType.toUpperCase()} …${saved.identityLast4 ?? ""}`, done.identity, "identity")}
        {row("Payout account", `${saved.payoutAccountName ?? ""} · ${saved.payoutBankName ?? ""} ${saved.payoutAccountNumber}`, done.payout, "payout")}
        {documents &&
          row(
            "Documents",
            documents.files.length ? documents.files.map((f) => f.fileName).join(", ") : "None (optional)",
            documentsMissing.length === 0,
            "documents",
          )}
      </dl>
      {documentsMissing.length > 0 && (
        <p className="text-sm text-amber-800 dark:text-amber-200" data-testid="activation-documents-missing">
          Upload {documentsMissing.map((k) => k.phrase).join(" and ")} before you submit.
        </p>
      )}
      {canEdit && (
        <Button disabled={!ready || submit.isPending} onClick={() => submit.execute({})} data-testid="activation-submit">
          {submit.isPending ? "Submitting…" : "Submit for review"}
        </Button>
      )}
    </div>
  );
}
