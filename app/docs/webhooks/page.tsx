import type { Metadata } from "next";
import { CodeBlock } from "@/components/docs/code-block";
import { DocPage } from "@/components/docs/doc-page";
import { ROTATION_OVERLAP_MS } from "@/lib/events/sign-webhook";
import { Markdown } from "../markdown";
import { NODE_SERVER, NODE_VERIFY, PHP_VERIFY, PHP_ZEVPAY } from "./verify-snippets";

export const metadata: Metadata = {
  title: "Verifying webhooks",
  description: "How Owo signs webhook deliveries (Standard Webhooks and x-zevpay-signature) and how to check them in Node and PHP.",
};

const prose = "space-y-3";
const overlapHours = ROTATION_OVERLAP_MS / 3_600_000;

/** /docs/webhooks: both signatures, with code. The Node code is run on real deliveries by verify-snippets.test.ts. */
export default function WebhooksPage() {
  return (
    <DocPage
      title="Verifying webhooks"
      lead="Owo POSTs each event to your key's webhook URL and signs it twice: check one signature before you act on the event."
    >
      <section className="space-y-3" aria-labelledby="wh-delivery">
        <h2 id="wh-delivery">What a delivery looks like</h2>
        <Markdown
          className={prose}
          text={`A \`POST\` with \`content-type: application/json\` and the body \`{"event": "charge.success", "data": {...}}\`. Answer any **2xx** within 15 seconds; anything else (a redirect too) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, then marked exhausted. You can resend any event from **Developers → Webhooks**. A retry carries the same \`webhook-id\`, so skip ids you have already handled; retries may arrive after later events, so order by the payload.

Each delivery carries these headers:

- \`webhook-id\`: the event's id, the same on every retry.
- \`webhook-timestamp\`: this attempt's time, in unix seconds.
- \`webhook-signature\`: \`v1,\` then the base64 HMAC-SHA256 of \`<webhook-id>.<webhook-timestamp>.<raw body>\`, keyed by the bytes of the secret after \`whsec_\`, base64-decoded ([Standard Webhooks](https://www.standardwebhooks.com/): its libraries verify it as they are).
- \`x-zevpay-signature\`: the lowercase hex HMAC-SHA256 of the raw body, keyed by the whole secret text as the dashboard shows it (\`whsec_…\` included, not decoded), for code written against the ZevPay SDKs and plugins.

Compute the HMAC over the **raw body** as received: parsing the JSON and serialising it again changes the bytes. Compare in constant time, and refuse a \`webhook-timestamp\` more than five minutes from now (it stops an old delivery being replayed).`}
        />
      </section>

      <section className="space-y-3" aria-labelledby="wh-rotation">
        <h2 id="wh-rotation">Rotating the secret</h2>
        <Markdown
          className={prose}
          text={`**Rotate** (open the key's **Webhook secret** in Developers → API keys) issues a new \`whsec_…\`. For ${overlapHours} hours every delivery's \`webhook-signature\` carries two signatures, space separated (new, then previous): accept either, switch your server to the new secret, and nothing is missed. \`x-zevpay-signature\` has room for one value and uses the new secret at once.`}
        />
      </section>

      <section className="space-y-3" aria-labelledby="wh-node">
        <h2 id="wh-node">Node</h2>
        <Markdown className={prose} text={`No dependency: \`node:crypto\` only. Save it as \`verify-owo-webhook.mjs\`.`} />
        <CodeBlock title="verify-owo-webhook.mjs" code={NODE_VERIFY} />
        <Markdown className={prose} text={`Read the body as bytes, verify, then parse:`} />
        <CodeBlock title="server.mjs" code={NODE_SERVER} />
      </section>

      <section className="space-y-3" aria-labelledby="wh-php">
        <h2 id="wh-php">PHP</h2>
        <CodeBlock title="webhook.php (Standard Webhooks signature)" code={PHP_VERIFY} />
        <Markdown className={prose} text={`Code written for ZevPay checks \`x-zevpay-signature\` as it always did, with the Owo secret:`} />
        <CodeBlock title="webhook.php (x-zevpay-signature)" code={PHP_ZEVPAY} />
      </section>

      <section className="space-y-3" aria-labelledby="wh-test">
        <h2 id="wh-test">Test it</h2>
        <Markdown
          className={prose}
          text={`**Send test event** on a key in **Developers → API keys** delivers a signed \`webhook.test\` event to its URL; a [sandbox payment](/docs/quickstart) delivers a real \`charge.success\`. Each attempt, with the status your endpoint answered, is listed under **Developers → Webhooks**.`}
        />
      </section>
    </DocPage>
  );
}
