import { HostedNotFound } from "@/components/checkout/hosted-notices";

export default function PayIdNotFound() {
  return <HostedNotFound title="PayID not found" body="No one has this PayID. Check the spelling with the person you are paying, or scan their code again." />;
}
