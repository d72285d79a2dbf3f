/**
 * The built-in sandbox bank as a rail: test mode always, and live mode when `OWO_RAILS`
 * names `sandbox` (the embedded trial; a staging deployment). Its money is simulated: it
 * has no webhooks (payments come through `POST /v1/sandbox/payments` and the hosted pages'
 * simulate buttons) and no balance.
 */
import { PARTNER_BANKS } from "@/lib/bank/partner-banks";
import { SandboxBank } from "./sandbox-bank";
import type { Rail, RailBank, RailCapabilities, RailNotice } from "../rail";

const CAPABILITIES: RailCapabilities = {
  staticAccounts: true,
  virtualAccounts: true,
  retireAccounts: true,
  nameEnquiry: true,
  transfers: true,
  refunds: true,
  identityCheck: true,
  balance: false,
};

export class SandboxRail extends SandboxBank implements Rail {
  readonly name = "sandbox" as const;
  readonly capabilities = CAPABILITIES;

  /** The sandbox partners keep their plain keys (`wema`, `providus`, `sterling`). */
  issueBanks(): RailBank[] {
    return PARTNER_BANKS.map((b) => ({ provider: b.provider, bankName: b.bankName, bankCode: b.bankCode }));
  }
  verifySignature(): boolean {
    return false;
  }
  parseNotice(): RailNotice {
    throw new Error("The sandbox rail has no webhooks");
  }
  async verifyInbound() {
    return null;
  }
  providerReference(owoReference: string): string {
    return owoReference;
  }
  async balance() {
    return null;
  }
}
