"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { setTeamTwoFactorAction } from "@/lib/actions/two-factor";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** An owner requires two-factor of every member of the business (only once they have it on themselves). */
export function TeamTwoFactorRequirement({
  businessName,
  required,
  ownerHasTwoFactor,
}: {
  businessName: string;
  required: boolean;
  ownerHasTwoFactor: boolean;
}) {
  const router = useRouter();
  const set = useAction(setTeamTwoFactorAction, {
    onSuccess: ({ data }) => {
      toast.success(data?.required ? "Two-factor is now required for the team" : "Two-factor is no longer required");
      router.refresh();
    },
  });
  return (
    <Card className="space-y-3" data-testid="team-two-factor" data-required={required ? "yes" : "no"}>
      <div>
        <h2 className="font-medium">Require two-factor for {businessName}</h2>
        <p className="text-sm text-neutral-500">
          {required
            ? "Every member must sign in with two-factor authentication. Members without it can only open Settings → Security until they set it up."
            : "When required, members without two-factor authentication can only open Settings → Security until they set it up."}
        </p>
      </div>
      {!required && !ownerHasTwoFactor && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Turn on two-factor authentication for yourself first.</p>
      )}
      {set.result.serverError && (
        <p className="text-sm text-red-600" data-testid="team-two-factor-error">
          {set.result.serverError}
        </p>
      )}
      <Button
        variant={required ? "secondary" : "primary"}
        disabled={set.isPending || (!required && !ownerHasTwoFactor)}
        onClick={() => set.execute({ required: !required })}
        data-testid="team-two-factor-toggle"
      >
        {required ? "Stop requiring two-factor" : "Require two-factor for everyone"}
      </Button>
    </Card>
  );
}
