import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { BusinessProfileForm } from "@/components/settings/business-profile-form";
import { LogoForm } from "@/components/settings/logo-form";
import { getDashboardContext } from "@/lib/auth/dashboard-context";
import { rolePolicy } from "@/lib/auth/role-policy";
import { getBusinessProfile } from "@/lib/merchants/business-profile";
import { brandOf } from "@/lib/merchants/merchant-brand";

export const metadata: Metadata = { title: "Business profile" };

/** Settings → Business profile: what customers see on the checkout, invoice and PayID pages and in emails. */
export default async function BusinessProfilePage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/sign-in");
  const profile = await getBusinessProfile(ctx.db, ctx.merchant.id);
  const brand = brandOf({ id: ctx.merchant.id, ...profile });
  const canEdit = rolePolicy.editBusinessSettings(ctx.role);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Business profile</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          How {ctx.merchant.name} appears to customers on the checkout, invoice and PayID pages and in the emails Owo sends for you.
        </p>
        {!canEdit && (
          <p className="mt-2 rounded-md bg-neutral-100 p-3 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300" data-testid="profile-readonly">
            Only owners can change the business profile.
          </p>
        )}
      </div>
      <LogoForm logoUrl={brand.logoUrl} name={brand.name} canEdit={canEdit} />
      <BusinessProfileForm
        canEdit={canEdit}
        businessName={profile.name}
        initial={{
          displayName: profile.displayName ?? "",
          brandColour: profile.brandColour ?? "",
          supportEmail: profile.supportEmail ?? "",
          supportPhone: profile.supportPhone ?? "",
        }}
        accent={brand.accent?.colour ?? null}
      />
    </div>
  );
}
