"use client";

import { useAction } from "next-safe-action/hooks";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { switchMerchantAction } from "@/lib/actions/shell";

/** For a member of several businesses: which one the dashboard works in (the owo_merchant cookie). */
export function BusinessSwitch({ current, memberships }: { current: string; memberships: { merchantId: string; name: string; role: string }[] }) {
  const router = useRouter();
  const { execute, isPending } = useAction(switchMerchantAction, {
    onSuccess: () => {
      router.push("/dashboard");
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError ?? "Could not switch business"),
  });
  if (memberships.length < 2) return null;
  return (
    <select
      aria-label="Switch business"
      data-testid="business-switch"
      value={current}
      disabled={isPending}
      onChange={(e) => execute({ merchantId: e.target.value })}
      className="h-8 max-w-48 rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-900"
    >
      {memberships.map((m) => (
        <option key={m.merchantId} value={m.merchantId}>
          {m.name} ({m.role})
        </option>
      ))}
    </select>
  );
}
