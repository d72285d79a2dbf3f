/**
 * The copy-paste snippet for the inline checkout (supplement §7, client/inline), shown on the
 * dashboard's Developers → Inline checkout page, in /docs and in the README.
 */
export function inlineSnippet(appUrl: string, publicKey: string): string {
  const base = appUrl.replace(/\/$/, "");
  return `<script src="${base}/v1/inline.js"></script>
<button id="pay">Pay ₦5,000</button>
<script>
  document.getElementById("pay").addEventListener("click", function () {
    Owo.checkout({
      apiKey: "${publicKey}",
      email: "customer@example.com",
      amount: 500000, // kobo: ₦5,000
      reference: "order-1042", // your order id: opening it again reuses the same checkout
      firstName: "Ada",
      lastName: "Obi",
      metadata: { order_id: 1042 },
      onSuccess: function (payment) {
        // payment.status === "completed"; confirm on your server with verify or the webhook
        console.log("Paid", payment.session_id, payment.reference);
      },
      onClose: function () { console.log("Closed before paying"); },
      onError: function (error) { console.log(error.code, error.message); }
    });
  });
</script>`;
}

/** The one line a page written for ZevPay's inline script changes: where the script comes from. */
export function zevpaySwap(appUrl: string): { before: string; after: string } {
  return {
    before: `<script src="(ZevPay's inline script address)"></script>`,
    after: `<script src="${appUrl.replace(/\/$/, "")}/v1/inline.js"></script>`,
  };
}
