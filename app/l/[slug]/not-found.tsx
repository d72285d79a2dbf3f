import { HostedNotFound } from "@/components/checkout/hosted-notices";

export default function PaymentLinkNotFound() {
  return <HostedNotFound title="Payment link not found" body="This link does not exist. Check the address with the business that shared it." />;
}
