import type { BankProvider } from "./provider";
import { SandboxBank } from "./sandbox/sandbox-bank";

const g = globalThis as unknown as { __owoBank?: BankProvider };

/** The configured bank partner. Only the sandbox exists today (BANK_PROVIDER=sandbox). */
export function getBank(): BankProvider {
  return (g.__owoBank ??= new SandboxBank());
}
