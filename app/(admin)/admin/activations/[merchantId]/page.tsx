import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/admin/require-admin";
import { findBank } from "@/lib/bank/nigerian-banks";
import { activationState, IDENTITY_OUTCOME_LABELS } from "@/lib/merchants/activation";
import { activationDocumentsSetting, DOCUMENT_KIND_LABELS, documentSizeText } from "@/lib/merchants/activation-document-rules";
import { listActivationDocuments } from "@/lib/merchants/activation-documents";
import { isUuid } from "@/lib/text-patterns";
import { ActivationDecision } from "./activation-decision";

export const metadata: Metadata = { title: "Activation request" };

/** One activation request: what the business sent, the identity and account answers, and the decision. */
export default async function ActivationRequestPage({ params }: { params: Promise<{ merchantId: string }> }) {
  await requireAdmin();
  const { merchantId } = await params;
  if (!isUuid(merchantId)) notFound();
  const db = await getDb();
  const state = await activationState(db, merchantId).catch(() => null);
  const r = state?.request;
  if (!state || !r) notFound();
  const merchant = { name: state.merchantName, createdAt: state.merchantCreatedAt };
  const documents = await listActivationDocuments(db, merchantId);
  const collecting = activationDocumentsSetting();
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd data-testid={testId}>{value ?? "—"}</dd>
    </>
  );
  return (
    <div className="space-y-4" data-testid="activation-request" data-status={r.status}>
      <Link href="/admin/activations" className="text-sm text-accent hover:underline">
        ← Activation reviews
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold">{merchant.name}</h1>
        <StatusBadge status={r.status} />
        <span className="text-sm capitalize text-neutral-500">{state.merchantType}</span>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="space-y-2 text-sm">
          <CardTitle>Business</CardTitle>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
            {row("Legal name", r.legalName, "review-legal-name")}
            {state.merchantType === "business" && row("RC number", r.rcNumber)}
            {row("Address", r.address)}
            {row("Signed up", <DateTime at={merchant.createdAt} />)}
            {row("Submitted", r.submittedAt ? <DateTime at={r.submittedAt} /> : null)}
          </dl>
        </Card>
        <Card className="space-y-2 text-sm">
          <CardTitle>Owner identity</CardTitle>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
            {row("Name", r.ownerName)}
            {row("Number", r.identityType ? `${r.identityType.toUpperCase()} ending ${r.identityLast4}` : null)}
            {row(
              "Registry",
              r.identityOutcome ? (
                <StatusBadge
                  status={r.identityOutcome === "match" ? "completed" : r.identityOutcome === "mismatch" ? "failed" : "pending"}
                  label={IDENTITY_OUTCOME_LABELS[r.identityOutcome]}
                />
              ) : null,
              "review-identity",
            )}
            {r.identityNote && row("Note", r.identityNote)}
          </dl>
        </Card>
        <Card className="space-y-2 text-sm">
          <CardTitle>Payout account (name enquiry)</CardTitle>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
            {row("Account name", r.payoutAccountName, "review-account-name")}
            {row("Bank", r.payoutBankCode ? (findBank(r.payoutBankCode)?.bankName ?? r.payoutBankCode) : null)}
            {row("Number", r.payoutAccountNumber)}
            {row("Verified", r.payoutVerifiedAt ? <DateTime at={r.payoutVerifiedAt} /> : null)}
          </dl>
        </Card>
        {(documents.length > 0 || collecting !== "off") && (
          <Card className="space-y-2 text-sm" data-testid="review-documents">
            <CardTitle>Documents</CardTitle>
            {documents.length === 0 ? (
              <p className="text-neutral-600 dark:text-neutral-400">
                None uploaded{collecting === "optional" ? " (documents are optional on this server)" : ""}.
              </p>
            ) : (
              <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
                {documents.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2" data-testid="review-document">
                    <span className="min-w-0">
                      <span className="block text-neutral-500">{DOCUMENT_KIND_LABELS[d.kind]}</span>
                      <span className="block break-all">{d.fileName}</span>
                      <span className="block text-xs text-neutral-500">
                        {d.contentType === "application/pdf" ? "PDF" : d.contentType === "image/png" ? "PNG" : "JPEG"} · {documentSizeText(d.size)} ·{" "}
                        <DateTime at={d.createdAt} />
                      </span>
                    </span>
                    {/* A route handler answering a file, not a page: a plain link (the download is audited). */}
                    <a
                      href={`/admin/activations/${merchantId}/documents/${d.id}`}
                      className="text-accent hover:underline"
                      data-testid="review-document-download"
                      download
                    >
                      Download
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
        <Card className="space-y-3 text-sm">
          <CardTitle>Decision</CardTitle>
          {r.status === "submitted" ? (
            <ActivationDecision merchantId={merchantId} merchantName={merchant.name} />
          ) : (
            <p>
              {r.status === "approved"
                ? "Approved"
                : r.status === "rejected"
                  ? "Declined"
                  : r.status === "changes_requested"
                    ? "Changes asked"
                    : "Not submitted yet"}
              {r.reviewedAt && (
                <>
                  {" "}
                  · <DateTime at={r.reviewedAt} />
                </>
              )}
              {r.reviewNote && <span className="mt-1 block text-neutral-600">“{r.reviewNote}”</span>}
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}
