import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { CodeBlock } from "@/components/docs/code-block";
import { DocPage } from "@/components/docs/doc-page";
import { requestBaseUrl } from "@/lib/http/request-base-url";
import { Markdown } from "../markdown";
import { clientExample, curlCommand, QUICKSTART_REQUESTS, shellSetup } from "./quickstart-steps";

export const metadata: Metadata = {
  title: "Quickstart",
  description: "Your first Owo payment in five minutes: test keys, a checkout session, the hosted page, a sandbox payment and its webhook.",
};

const prose = "space-y-3";

/** /docs/quickstart: a first payment with curl, then the same with the typed client. Its requests are tested (quickstart-steps.test.ts). */
export default async function QuickstartPage() {
  const base = await requestBaseUrl();
  return (
    <DocPage title="Quickstart" lead="Take your first payment in test mode in about five minutes: nothing here moves real money.">
      <section className="space-y-3" aria-labelledby="qs-keys">
        <h2 id="qs-keys">1. Get test keys</h2>
        <Markdown
          className={prose}
          text={`Sign in to the [dashboard](/dashboard) (test mode is where a new business starts: the header says *Test data*) and open **Developers → API keys**. **Create key** gives you a secret key \`sk_test_…\` (shown once: keep it on your server), a public key \`pk_test_…\` for the browser, and a webhook signing secret \`whsec_…\` (**Webhook secret** on the key).

In the same dialog set a **Webhook URL**: where Owo will POST events such as \`charge.success\`. Test mode accepts \`http\` URLs, and \`http://localhost…\` when the operator allows it (on by default with the embedded database).`}
        />
        <CodeBlock title="Shell" code={shellSetup(base)} />
      </section>

      <section className="space-y-3" aria-labelledby="qs-session">
        <h2 id="qs-session">2. Initialize a checkout session</h2>
        <Markdown
          className={prose}
          text={`Amounts are always integer **kobo**: \`500000\` is ₦5,000.00. The \`reference\` is yours (your order number); it comes back as \`merchant_reference\`.`}
        />
        <CodeBlock title="Create a session" code={curlCommand(QUICKSTART_REQUESTS.initialize)} />
        <Markdown
          className={prose}
          text={`The answer is \`{"success": true, "data": {...}}\` with \`session_id\` and \`checkout_url\`. Keep the id: \`export SESSION_ID=…\`.`}
        />
      </section>

      <section className="space-y-3" aria-labelledby="qs-hosted">
        <h2 id="qs-hosted">3. Open the hosted page</h2>
        <Markdown
          className={prose}
          text={`Send the customer to \`checkout_url\`: the page shows the amount, your business name and the ways to pay your key allows (bank transfer and PayID by default). On your own site you can open it in an overlay instead: see [Inline checkout](/docs/inline-checkout).

In test mode the page carries a test banner and a **Simulate payment** button that pays from the sandbox bank. Without a browser, do what the page does: choose bank transfer, which issues an account number for this payment…`}
        />
        <CodeBlock title="Choose bank transfer" code={curlCommand(QUICKSTART_REQUESTS.method)} />
      </section>

      <section className="space-y-3" aria-labelledby="qs-pay">
        <h2 id="qs-pay">4. Simulate the payment</h2>
        <Markdown
          className={prose}
          text={`…then pay that account from the sandbox bank (\`export ACCOUNT_NUMBER=…\` from the answer's \`account_number\`). It books the payment exactly as a real bank transfer would: fees, your balance, the session's status and its event. The [sandbox's test values](/docs/sandbox) make it answer failures on purpose.`}
        />
        <CodeBlock title="Pay it from the sandbox" code={curlCommand(QUICKSTART_REQUESTS.pay)} />
        <Markdown className={prose} text={`Before you deliver an order, confirm the payment on your server (never trust the browser's word):`} />
        <CodeBlock title="Verify the session" code={curlCommand(QUICKSTART_REQUESTS.verify)} />
        <Markdown className={prose} text={`\`data.status\` is now \`completed\`, with \`payment_method\` and \`paid_at\`.`} />
      </section>

      <section className="space-y-3" aria-labelledby="qs-webhook">
        <h2 id="qs-webhook">5. Receive the webhook</h2>
        <Markdown
          className={prose}
          text={`Owo POSTs \`{"event": "charge.success", "data": {...}}\` to the key's webhook URL within moments, signed with the key's secret, and retries for about three days until your endpoint answers 2xx. Check the signature before you trust it: [Verifying webhooks](/docs/webhooks) has the code for Node and PHP. Each event and its deliveries are also in the dashboard (**Developers → Webhooks**) and the API:`}
        />
        <CodeBlock title="The latest charge.success" code={curlCommand(QUICKSTART_REQUESTS.events)} />
      </section>

      <section className="space-y-3" aria-labelledby="qs-client">
        <h2 id="qs-client">The same with the typed client</h2>
        <Markdown
          className={prose}
          text={`\`client/owo-client.ts\` in the Owo repository is a dependency-free TypeScript client generated from the API's OpenAPI document: one method per operation, named by its \`operationId\` (the [API reference](/docs) shows each one's). Copy the file into your project and import it. A failure throws an \`OwoError\` with \`status\`, \`code\` (see [Error codes](/docs/errors)), \`message\`, \`details\` and \`correlationId\`.`}
        />
        <CodeBlock title="first-payment.ts" code={clientExample(base)} />
      </section>

      <p className="text-neutral-700 dark:text-neutral-300">
        Next:{" "}
        <Link className="text-accent underline" href="/docs/webhooks">
          verify webhook signatures
        </Link>
        , try failures with the{" "}
        <Link className="text-accent underline" href="/docs/sandbox">
          sandbox test values
        </Link>
        , or browse the{" "}
        <Link className="text-accent underline" href="/docs">
          API reference
        </Link>
        .
      </p>
    </DocPage>
  );
}
