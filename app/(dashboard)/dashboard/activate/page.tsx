import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { findBank, NIGERIAN_BANKS } from "@/lib/bank/nigerian-banks";
import { ACTIVATION_STEPS, activationMode, activationState, STEP_LABELS, type ActivationStep } from "@/lib/merchants/activation";
import {
  activationDocumentsSetting,
  DOCUMENT_ACCEPT,
  DOCUMENT_KIND_LABELS,
  documentKindsFor,
  documentSizeText,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_KIND,
  requiredDocumentKinds,
} from "@/lib/merchants/activation-document-rules";
import { listActivationDocuments } from "@/lib/merchants/activation-documents";
import { ActivationFlow } from "./activation-flow";
import type { DocumentsProps } from "./documents-step";

const DOCUMENT_WORDS = {
  cac_certificate: { phrase: "your CAC certificate", hint: "The certificate of incorporation or business name registration." },
  government_id: { phrase: "a government-issued ID", hint: "The owner's international passport, driver's licence, NIN slip or voter's card." },
  other: { phrase: "other documents", hint: "Anything else that helps: a utility bill, a shop photo, a status report." },
} as const;

export const metadata: Metadata = { title: "Activate your business" };

/**
 * Activate your business (supplement §13): three steps an owner can leave and resume (business
 * details, identity, payout account), a fourth (documents) when the operator collects them
 * (OWO_ACTIVATION_DOCUMENTS), then submit for review. Once submitted it shows where
 * the request stands; approved, live mode is open.
 */
export default async function ActivatePage({ searchParams }: { searchParams: Promise<{ step?: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const state = await activationState(ctx.db, ctx.merchant.id);
  const r = state.request;
  const asked = (await searchParams).step;
  // Documents (OWO_ACTIVATION_DOCUMENTS): a step of its own unless the operator does not collect them.
  const documentsSetting = activationDocumentsSetting();
  const files = await listActivationDocuments(ctx.db, ctx.merchant.id);
  const required = documentsSetting === "required" ? requiredDocumentKinds(state.merchantType) : [];
  const documents: DocumentsProps | null =
    documentsSetting === "off"
      ? null
      : {
          setting: documentsSetting,
          kinds: documentKindsFor(state.merchantType).map((kind) => ({
            kind,
            label: DOCUMENT_KIND_LABELS[kind],
            ...DOCUMENT_WORDS[kind],
            required: required.includes(kind),
          })),
          files: files.map((f) => ({
            id: f.id,
            kind: f.kind,
            fileName: f.fileName,
            size: f.size,
            sizeText: documentSizeText(f.size),
            uploadedAt: f.createdAt.toISOString(),
          })),
          maxBytes: MAX_DOCUMENT_BYTES,
          maxPerKind: MAX_DOCUMENTS_PER_KIND,
          accept: DOCUMENT_ACCEPT,
        };
  const documentsDone = documents ? (required.length ? required.every((k) => files.some((f) => f.kind === k)) : files.length > 0) : true;
  const steps: (ActivationStep | "documents" | "review")[] = [...ACTIVATION_STEPS, ...(documents ? (["documents"] as const) : []), "review"];
  const firstOpen = ACTIVATION_STEPS.find((s) => !state.done[s]) ?? (required.length && !documentsDone ? "documents" : "review");
  const step: ActivationStep | "documents" | "review" =
    asked && (steps as string[]).includes(asked) ? (asked as ActivationStep | "documents" | "review") : firstOpen;
  const canEdit = rolePolicy.activateBusiness(ctx.role);
  const banks = [...NIGERIAN_BANKS].sort((a, b) => a.bankName.localeCompare(b.bankName));
  const status = state.activatedAt ? "approved" : (r?.status ?? "draft");

  return (
    <div className="mx-auto max-w-2xl space-y-6" data-testid="activation-page" data-status={status}>
      <div>
        <h1 className="text-xl font-semibold">Activate your business</h1>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Test mode works now. To take real payments in live mode, tell us about your business; an Owo operator reviews it
          {activationMode() === "auto" ? " (on this server, requests are approved as soon as they are submitted)" : ", usually within a working day"}.
        </p>
      </div>

      {state.activatedAt ? (
        <Card className="space-y-2" data-testid="activation-approved">
          <div className="flex items-center gap-2">
            <StatusBadge status="approved" />
            <span className="text-sm">
              Activated <DateTime at={state.activatedAt} />
            </span>
          </div>
          <p className="text-sm">Live mode is open. Switch to Live at the top of the page, then create live API keys under Developers.</p>
        </Card>
      ) : r?.status === "submitted" ? (
        <Card className="space-y-2" data-testid="activation-submitted">
          <div className="flex items-center gap-2">
            <StatusBadge status="submitted" label="In review" />
            {r.submittedAt && (
              <span className="text-sm text-neutral-600">
                Submitted <DateTime at={r.submittedAt} />
              </span>
            )}
          </div>
          <p className="text-sm">Your request is with an Owo operator. We email the owners of this business when it is decided.</p>
        </Card>
      ) : r?.status === "rejected" ? (
        <Card className="space-y-2" data-testid="activation-rejected">
          <StatusBadge status="rejected" label="Declined" />
          <p className="text-sm">
            <span className="font-medium">Reason:</span> {r.reviewNote}
          </p>
          <p className="text-sm text-neutral-600">You can keep using test mode. Contact the operator of this Owo server if you think this is a mistake.</p>
        </Card>
      ) : r?.status === "changes_requested" ? (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="activation-changes"
        >
          <p className="font-semibold">The reviewer asked for a change</p>
          <p className="mt-1">{r.reviewNote}</p>
          <p className="mt-1">Make the change below, then submit again.</p>
        </div>
      ) : null}

      {state.editable && (
        <>
          <nav aria-label="Activation steps">
            <ol className={`grid ${steps.length === 5 ? "grid-cols-5" : "grid-cols-4"} gap-1 text-xs sm:text-sm`}>
              {steps.map((s, i) => {
                const done = s === "documents" ? documentsDone : s !== "review" && state.done[s];
                const current = s === step;
                return (
                  <li key={s}>
                    <Link
                      href={`/dashboard/activate?step=${s}`}
                      aria-current={current ? "step" : undefined}
                      data-testid={`activation-step-${s}`}
                      data-done={done ? "true" : "false"}
                      className={`block rounded-md border px-2 py-2 text-center ${current ? "border-accent bg-accent-soft/40 font-medium" : "border-neutral-200 dark:border-neutral-800"}`}
                    >
                      <span className="block text-neutral-500">{done ? "✓" : i + 1}</span>
                      {s === "review" ? "Submit" : s === "documents" ? "Documents" : STEP_LABELS[s]}
                    </Link>
                  </li>
                );
              })}
            </ol>
          </nav>
          <Card>
            <ActivationFlow
              step={step}
              canEdit={canEdit}
              merchantType={state.merchantType}
              banks={banks}
              done={state.done}
              documents={documents}
              saved={{
                legalName: r?.legalName ?? "",
                rcNumber: r?.rcNumber ?? "",
                address: r?.address ?? "",
                ownerName: r?.ownerName ?? "",
                identityType: r?.identityType ?? "bvn",
                identityLast4: r?.identityLast4 ?? null,
                identityOutcome: r?.identityOutcome ?? null,
                identityNote: r?.identityNote ?? null,
                payoutBankCode: r?.payoutBankCode ?? "",
                payoutAccountNumber: r?.payoutAccountNumber ?? "",
                payoutAccountName: r?.payoutAccountName ?? null,
                payoutBankName: r?.payoutBankCode ? (findBank(r.payoutBankCode)?.bankName ?? r.payoutBankCode) : null,
              }}
            />
          </Card>
          {!canEdit && <p className="text-sm text-neutral-500">Only an owner of this business can fill in and submit the activation request.</p>}
        </>
      )}

      {r && !state.editable && (
        <Card className="space-y-2 text-sm" data-testid="activation-summary">
          <CardTitle>What you sent</CardTitle>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
            <dt className="text-neutral-500">Legal name</dt>
            <dd>{r.legalName}</dd>
            {r.rcNumber && (
              <>
                <dt className="text-neutral-500">RC number</dt>
                <dd>{r.rcNumber}</dd>
              </>
            )}
            <dt className="text-neutral-500">Address</dt>
            <dd>{r.address}</dd>
            <dt className="text-neutral-500">Owner</dt>
            <dd>
              {r.ownerName} ({r.identityType?.toUpperCase()} …{r.identityLast4})
            </dd>
            <dt className="text-neutral-500">Payout account</dt>
            <dd>
              {r.payoutAccountName} · {r.payoutAccountNumber}
            </dd>
            {files.length > 0 && (
              <>
                <dt className="text-neutral-500">Documents</dt>
                <dd className="min-w-0 break-words" data-testid="activation-summary-documents">
                  {files.map((f) => `${f.fileName} (${DOCUMENT_KIND_LABELS[f.kind]})`).join(", ")}
                </dd>
              </>
            )}
          </dl>
        </Card>
      )}
    </div>
  );
}
