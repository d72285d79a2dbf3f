import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { NotificationsForm } from "@/components/settings/notifications-form";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { smtpConfigured } from "@/lib/mail/mailer";
import { koboToNaira } from "@/lib/money";
import { getNotificationChoices } from "@/lib/notifications/notification-settings";

export const metadata: Metadata = { title: "Notifications" };

/** Settings → Notifications: which emails the business's owners (and payers) get. */
export default async function NotificationsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const choices = await getNotificationChoices(ctx.db, ctx.merchant.id);
  const canEdit = rolePolicy.editBusinessSettings(ctx.role);
  const mail = smtpConfigured();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Notifications</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Emails go to the owners of {ctx.merchant.name}, in test and live mode alike (test ones are marked). Each is sent once.
        </p>
        {!mail && (
          <p
            className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="smtp-off"
          >
            This Owo server cannot send email yet, so none is sent. Your choices are kept, and emails start once the person who runs this server (your Owo
            administrator) sets up email.
          </p>
        )}
        {!canEdit && (
          <p className="mt-2 rounded-md bg-neutral-100 p-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
            Only owners can change notifications.
          </p>
        )}
      </div>
      <NotificationsForm
        canEdit={canEdit}
        initial={{
          paymentReceived: choices.paymentReceived,
          paymentReceivedMin: choices.paymentReceivedMin === null ? "" : koboToNaira(choices.paymentReceivedMin),
          payoutFailed: choices.payoutFailed,
          refundDecided: choices.refundDecided,
          webhookFailing: choices.webhookFailing,
          receipts: choices.receipts,
        }}
      />
    </div>
  );
}
