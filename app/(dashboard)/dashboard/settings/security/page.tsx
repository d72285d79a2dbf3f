import type { Metadata } from "next";
import { TwoFactorSettings } from "@/components/security/two-factor-settings";

// h-2fa's stand-in so two-factor can be reached and tested on its own; h-accounts' Settings →
// Security page (password change, …) replaces it and renders <TwoFactorSettings /> the same way.
// Like every page here it must not call getDashboardContext (the two-factor gate sends a member
// who must set two-factor up to this very page): TwoFactorSettings reads loadDashboardContext.
export const metadata: Metadata = { title: "Security" };

export default function SecurityPage() {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-xl font-semibold">Security</h1>
        <p className="text-sm text-neutral-500">How you sign in to Owo.</p>
      </div>
      <TwoFactorSettings />
    </div>
  );
}
