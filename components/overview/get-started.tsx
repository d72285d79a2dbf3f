import { CircleCheck, Circle } from "lucide-react";
import Link from "@/components/ui/link";
import type { GetStarted, GetStartedStep } from "@/lib/overview/get-started";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { MarkGetStartedButton, TestPaymentButton } from "./get-started-buttons";

const STEPS: Record<GetStartedStep, { title: string; hint: string; href?: string; link?: string }> = {
  test_keys: {
    title: "Create your test API keys",
    hint: "Keys let your site or app create payments. Test keys move no real money.",
    href: "/dashboard/developers",
    link: "Create test keys",
  },
  test_payment: { title: "Make a test payment", hint: "Pay ₦5,000.00 through a real hosted checkout with the sandbox's “Simulate payment”." },
  webhook: {
    title: "Set a webhook URL and send a test event",
    hint: "Owo tells your server when money moves. Set where, then send a test event.",
    href: "/dashboard/developers/webhooks",
    link: "Set up webhooks",
  },
  payout_account: {
    title: "Add a payout account",
    hint: "The bank account your wallet is paid out to.",
    href: "/dashboard/payouts",
    link: "Add a payout account",
  },
  team: {
    title: "Invite your team",
    hint: "Give a developer or an accountant their own sign-in.",
    href: "/dashboard/settings/team",
    link: "Invite a teammate",
  },
  activation: {
    title: "Activate your business",
    hint: "Tell us about your business to open live mode and take real money.",
    href: "/dashboard/activate",
    link: "Start activation",
  },
};

/**
 * Home's "Get started" checklist (issue 26 item 3): each step done or not as the records say
 * (lib/overview/get-started.ts), a link to where it is done, gone once every step is done or the
 * owner hides it.
 */
export function GetStartedCard({ progress, canPayTest, isOwner }: { progress: GetStarted; canPayTest: boolean; isOwner: boolean }) {
  const keysDone = progress.steps.find((s) => s.id === "test_keys")?.done ?? false;
  return (
    <Card data-testid="get-started" aria-labelledby="get-started-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="get-started-title" className="text-base font-semibold">
            Get started with Owo
          </h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="get-started-progress">
            {progress.doneCount} of {progress.steps.length} done
          </p>
        </div>
        {isOwner && (
          <MarkGetStartedButton mark="dismissed" testId="get-started-dismiss">
            Hide this checklist
          </MarkGetStartedButton>
        )}
      </div>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800" aria-hidden="true">
        <div className="h-full rounded-full bg-accent" style={{ width: `${(progress.doneCount / progress.steps.length) * 100}%` }} />
      </div>
      <ol className="mt-4 divide-y divide-neutral-100 dark:divide-neutral-800">
        {progress.steps.map(({ id, done }) => {
          const step = STEPS[id];
          return (
            <li key={id} className="flex gap-3 py-3" data-testid={`get-started-step-${id}`} data-done={done ? "true" : "false"}>
              {done ? (
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-600 dark:text-green-500" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 size-5 shrink-0 text-neutral-400" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <p className={cn("text-sm font-medium", done && "text-neutral-500 line-through dark:text-neutral-400")}>
                  {step.title}
                  <span className="sr-only">{done ? " (done)" : " (not done yet)"}</span>
                </p>
                {!done && <p className="text-xs text-neutral-600 dark:text-neutral-400">{step.hint}</p>}
                {!done && (
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    {id === "test_payment" && canPayTest && <TestPaymentButton disabled={!keysDone} />}
                    {step.href && (
                      <Link href={step.href} className="text-sm font-medium text-accent hover:underline" data-testid={`get-started-link-${id}`}>
                        {step.link} →
                      </Link>
                    )}
                    {id === "team" && isOwner && (
                      <MarkGetStartedButton mark="team" testId="get-started-team-solo">
                        Just me for now
                      </MarkGetStartedButton>
                    )}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
