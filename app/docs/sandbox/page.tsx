import type { Metadata } from "next";
import { DocPage } from "@/components/docs/doc-page";
import { openApiDocument } from "@/lib/openapi/document";
import { SANDBOX_TEST_VALUES } from "@/lib/rails/sandbox/sandbox-test-values";
import { Markdown } from "../markdown";

export const metadata: Metadata = {
  title: "Sandbox test values",
  description: "Every value the Owo sandbox answers in a set way (identity numbers, account numbers, metadata) and the sandbox's own endpoints.",
};

/** The /v1/sandbox operations, from the OpenAPI document (what the reference lists). */
function sandboxOperations() {
  const doc = openApiDocument();
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/v1/sandbox/"))
    .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, summary: op.summary, id: op.operationId })));
}

/** /docs/sandbox: rendered from SANDBOX_TEST_VALUES, the list the sandbox's behaviour is tested against. */
export default function SandboxPage() {
  const operations = sandboxOperations();
  return (
    <DocPage
      title="Sandbox test values"
      lead={
        <Markdown
          text={`Test keys (\`sk_test_…\`, \`pk_test_…\`) talk to the sandbox bank: it behaves like a real partner bank, deterministically, and no real money moves. Any valid input succeeds, except the values below, which answer a chosen failure so you can test how your code handles it. An error caused by one of them says so in \`error.details\`; its \`code\` and \`message\` are exactly what a real bank's failure gives.`}
        />
      }
    >
      <section className="space-y-3" aria-labelledby="sb-values">
        <h2 id="sb-values">Values with a set answer</h2>
        <ul
          className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
          data-testid="sandbox-values"
        >
          {SANDBOX_TEST_VALUES.map((v) => (
            <li key={v.id} className="grid gap-2 p-4 md:grid-cols-[14rem_1fr]" data-testid={`sandbox-value-${v.id}`}>
              <div className="space-y-1">
                <div>
                  <code className="font-mono text-xs text-neutral-700 dark:text-neutral-300">{v.field}</code>{" "}
                  <span className="text-xs text-neutral-600 dark:text-neutral-400">{v.match}</span>
                </div>
                <code className="inline-block rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-base font-semibold dark:bg-neutral-800">{v.value}</code>
              </div>
              <div className="space-y-1">
                <p>{v.effect}</p>
                {v.error ? (
                  <p>
                    Answers <strong>{v.error.status}</strong>{" "}
                    <code className="rounded bg-neutral-100 px-1 font-mono text-xs dark:bg-neutral-800">{v.error.code}</code> (
                    <a className="text-accent underline" href={`/docs/errors#${v.error.code}`}>
                      what to do
                    </a>
                    ).
                  </p>
                ) : null}
                <p className="text-xs text-neutral-600 dark:text-neutral-400">Where: {v.where}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="space-y-3" aria-labelledby="sb-behaviour">
        <h2 id="sb-behaviour">How the sandbox behaves otherwise</h2>
        <Markdown
          className="space-y-3"
          text={`- Account numbers it issues are real-looking 10-digit NUBANs with a valid check digit at the sandbox partner banks.
- Name enquiry answers any other 10-digit number with a stable, made-up name.
- A bank transfer stays \`pending\` until the scheduler's next pass completes it, unless you decide it first with \`POST /v1/sandbox/transfers/{reference}/outcome\` (\`completed\` or \`failed\` with a reason). Once the sandbox bank has settled it (the scheduler got there first), the call answers 400 \`INVALID_STATE\`: initiate another.
- A refund of a test payment waits for your decision (the dashboard, or \`/v1/sandbox/refunds/{id}/approve\` and \`/reject\`).
- Hosted pages in test mode show a **Simulate payment** button; a card payment uses the test card \`408408******4081\`.
- Amount rules apply as in live mode: a session takes exactly its amount (\`AMOUNT_REJECTED\` otherwise).`}
        />
      </section>

      <section className="space-y-3" aria-labelledby="sb-endpoints">
        <h2 id="sb-endpoints">Sandbox endpoints</h2>
        <Markdown
          className="space-y-3"
          text={`Test secret keys only; a live key gets 403 \`SANDBOX_ONLY\`. Each is in the [API reference](/docs) with its fields.`}
        />
        <ul className="space-y-1" data-testid="sandbox-endpoints">
          {operations.map((o) => (
            <li key={`${o.method} ${o.path}`}>
              <a className="text-accent hover:underline" href={`/docs#op-${o.id}`}>
                <code className="font-mono text-xs">
                  {o.method} {o.path}
                </code>
              </a>{" "}
              <span className="text-neutral-700 dark:text-neutral-300">{o.summary}</span>
            </li>
          ))}
        </ul>
      </section>
    </DocPage>
  );
}
