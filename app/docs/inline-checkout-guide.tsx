import { inlineSnippet, zevpaySwap } from "@/components/developers/inline-snippet";

const pre = "overflow-x-auto rounded-md bg-neutral-50 p-3 font-mono text-xs leading-relaxed ring-1 ring-neutral-200 dark:bg-neutral-950 dark:ring-neutral-800";

/** /docs/inline-checkout: the snippet for Owo and the one-line change for a page written for ZevPay. */
export function InlineCheckoutGuide({ baseUrl }: { baseUrl: string }) {
  const swap = zevpaySwap(baseUrl);
  return (
    <section id="inline-checkout" className="space-y-3" data-testid="docs-inline-checkout">
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        Take a payment in a window over your own page. Load <code className="font-mono text-xs">/v1/inline.js</code> and call{" "}
        <code className="font-mono text-xs">Owo.checkout(options)</code> with a <strong>public</strong> key. Options: <code>apiKey</code>, <code>email</code>,{" "}
        <code>amount</code> (kobo), <code>currency</code>, <code>reference</code> (the same reference reopens the same checkout), <code>firstName</code>,{" "}
        <code>lastName</code>, <code>metadata</code> (object or JSON string), <code>paymentMethods</code>, and the callbacks <code>onSuccess(payment)</code>{" "}
        (once, after the payment is recorded: <code>{"{session_id, reference, merchant_reference, status, amount, currency, payment_method}"}</code>),{" "}
        <code>onClose()</code> and <code>onError({"{code, message}"})</code>. Set the key&apos;s allowed domains to your shop&apos;s: other origins are refused.
        Still confirm the order on your server (verify the session or use the webhook).
      </p>
      <pre tabIndex={0} className={pre}>
        {inlineSnippet(baseUrl, "pk_test_…")}
      </pre>
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        A page written for ZevPay&apos;s inline script (<code className="font-mono text-xs">new ZevPay.ZevPayCheckout().checkout({"{…}"})</code>) works as it is
        with an Owo public key; change one line:
      </p>
      <pre tabIndex={0} className={pre}>{`- ${swap.before}\n+ ${swap.after}`}</pre>
    </section>
  );
}
