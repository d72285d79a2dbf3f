import { HostedNotFound } from "@/components/checkout/hosted-notices";

export default function InvoiceNotFound() {
  return (
    <HostedNotFound
      title="Invoice not found"
      body="This invoice link is not valid. Check that you opened the whole link, or ask the business that sent it for a new one."
    />
  );
}
