import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { loadDashboardContext } from "@/lib/auth/dashboard-context";
import { twoFactorStatus } from "@/lib/auth/two-factor/enrolment";
import { mustSetUpTwoFactor, TWO_FACTOR_REQUIRED_MESSAGE } from "@/lib/auth/two-factor/requirement";
import { TeamTwoFactorRequirement } from "./team-two-factor-requirement";
import { TwoFactorOff, TwoFactorOn } from "./two-factor-panel";

/**
 * Settings → Security: two-factor authentication (set up, recovery codes, turn off) and, for an
 * owner, requiring it of the whole team. A server component: it reads the signed-in member's
 * state itself (loadDashboardContext: this page is the one a member the team requirement stops
 * may open), so the page only renders it.
 */
export async function TwoFactorSettings() {
  const ctx = await loadDashboardContext();
  if (!ctx) return null;
  const [status, mustSetUp] = await Promise.all([twoFactorStatus(ctx.db, ctx.user.id), mustSetUpTwoFactor(ctx)]);
  return (
    <section className="space-y-4" data-testid="two-factor-settings" data-two-factor={status.enabled ? "on" : "off"}>
      <Card className="space-y-4">
        <div>
          <h2 className="font-medium">Two-factor authentication</h2>
          <p className="text-sm text-neutral-500">
            A code from an authenticator app (Google Authenticator, 1Password, Authy…) after your password, so a leaked password alone cannot sign in.
          </p>
        </div>
        {mustSetUp && (
          <p
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
            data-testid="two-factor-required-notice"
          >
            {TWO_FACTOR_REQUIRED_MESSAGE.replace(" Set it up in Settings → Security.", "")} Set it up below to use the dashboard of {ctx.merchant.name}.
          </p>
        )}
        {status.enabled ? (
          <div className="space-y-3">
            <p className="text-sm" data-testid="two-factor-status">
              <span className="mr-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900/40 dark:text-green-200">On</span>
              since <DateTime at={status.enabledAt} /> · {status.recoveryCodesLeft} of 10 recovery codes left
            </p>
            <TwoFactorOn />
          </div>
        ) : (
          <TwoFactorOff />
        )}
      </Card>
      {ctx.role === "owner" && (
        <TeamTwoFactorRequirement businessName={ctx.merchant.name} required={ctx.merchant.requireTwoFactor} ownerHasTwoFactor={status.enabled} />
      )}
    </section>
  );
}
