import type { Metadata } from "next";
import { CodeBlock } from "@/components/docs/code-block";
import { DocPage } from "@/components/docs/doc-page";
import { ERROR_GUIDE } from "@/lib/error-guide";
import { ERROR_CODES } from "@/lib/errors";
import { Markdown } from "../markdown";

export const metadata: Metadata = {
  title: "Error codes",
  description: "Every error code the Owo API answers, with its HTTP status, what it means and what to do about it.",
};

const ENVELOPE = `{
  "success": false,
  "error": {
    "code": "HTTP_ERROR",
    "message": "Validation error",
    "details": ["amount must be an integer of at least 100"]
  },
  "correlationId": "c0ffee00-…"
}`;

/** /docs/errors: rendered from ERROR_GUIDE over the closed list of codes (error-guide.test.ts keeps it complete). */
export default function ErrorsPage() {
  const api = ERROR_CODES.filter((c) => ERROR_GUIDE[c].api);
  const dashboard = ERROR_CODES.filter((c) => !ERROR_GUIDE[c].api);
  return (
    <DocPage
      title="Error codes"
      lead={
        <Markdown
          text={`Every failure has the same shape: \`success: false\`, an \`error\` with a \`code\` from the closed list below and a \`message\` safe to show, \`details\` (one sentence per problem) on validation errors and some others, and the \`correlationId\` also sent as the \`x-correlation-id\` header. Branch on \`code\`, never on \`message\`; quote the \`correlationId\` when you ask for help.`}
        />
      }
    >
      <CodeBlock title="A failure" code={ENVELOPE} />

      <section className="space-y-3" aria-labelledby="err-api">
        <h2 id="err-api">Codes the API answers ({api.length})</h2>
        <CodeList codes={api} />
      </section>

      <section className="space-y-3" aria-labelledby="err-dashboard">
        <h2 id="err-dashboard">Codes only the dashboard and the owo command give ({dashboard.length})</h2>
        <CodeList codes={dashboard} />
      </section>
    </DocPage>
  );
}

function CodeList({ codes }: { codes: readonly (keyof typeof ERROR_GUIDE)[] }) {
  return (
    <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
      {codes.map((code) => {
        const e = ERROR_GUIDE[code];
        return (
          <li key={code} id={code} className="grid scroll-mt-4 gap-2 p-4 md:grid-cols-[16rem_1fr]" data-testid={`error-code-${code}`}>
            <div className="space-y-1">
              <code className="font-mono text-sm font-semibold break-all">{code}</code>
              <div className="flex flex-wrap gap-1">
                {e.statuses.map((s) => (
                  <span key={s} className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-xs text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200">
                    {s}
                  </span>
                ))}
              </div>
            </div>
            <div className="space-y-1">
              <Markdown text={e.meaning} />
              <div className="flex gap-1">
                <span className="shrink-0 font-semibold">What to do:</span>
                <Markdown text={e.action} />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
