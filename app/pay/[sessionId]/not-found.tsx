import { HostedNotFound } from "@/components/checkout/hosted-notices";

export default function CheckoutNotFound() {
  return (
    <HostedNotFound
      title="Checkout not found"
      body="This payment link is not valid. Check that you opened the whole link, or go back to the shop and start the payment again."
    />
  );
}
