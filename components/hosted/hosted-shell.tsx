import type { CSSProperties, ReactNode } from "react";
import type { MerchantBrand } from "@/lib/merchants/merchant-brand";
import "./hosted.css";

/**
 * The frame of every page a customer pays on: phone-first column, test-mode banner, footer.
 * With the business's profile (`brand`): its logo and name on top, its colour as the page's
 * accent (already darkened where needed so text on it passes contrast), its support contacts
 * in the footer.
 */
export function HostedShell({
  testMode,
  embedded = false,
  brand = null,
  children,
}: {
  testMode: boolean;
  embedded?: boolean;
  brand?: MerchantBrand | null;
  children: ReactNode;
}) {
  const style = brand?.accent ? ({ "--color-accent": brand.accent.colour, "--color-accent-hover": brand.accent.hover } as CSSProperties) : undefined;
  return (
    <div
      data-hosted-page
      data-embedded={embedded ? "" : undefined}
      data-brand-colour={brand?.accent?.colour}
      style={style}
      className="flex min-h-dvh flex-col bg-neutral-100 dark:bg-neutral-950"
    >
      {testMode && <TestModeBanner />}
      {/* In the inline overlay: room at the top for its close button, no big margins. */}
      <main className={`mx-auto w-full max-w-md flex-1 px-3 ${embedded ? "pt-12 pb-4 sm:px-4" : "py-5 sm:px-4 sm:py-10"}`}>
        {brand && (brand.logoUrl || brand.accent) && <BrandBar brand={brand} />}
        {children}
      </main>
      <footer className="space-y-1 px-3 pb-6 text-center text-xs text-neutral-600 dark:text-neutral-400">
        {brand && (brand.supportEmail || brand.supportPhone) && (
          <p data-testid="brand-support" className="break-words">
            Questions about this payment? Contact {brand.name}:{" "}
            {brand.supportEmail && (
              <a className="underline" href={`mailto:${brand.supportEmail}`}>
                {brand.supportEmail}
              </a>
            )}
            {brand.supportEmail && brand.supportPhone && " · "}
            {brand.supportPhone && (
              <a className="underline" href={`tel:${brand.supportPhone.replace(/[^+\d]/g, "")}`}>
                {brand.supportPhone}
              </a>
            )}
          </p>
        )}
        <p>Payments by Owo</p>
      </footer>
    </div>
  );
}

function BrandBar({ brand }: { brand: MerchantBrand }) {
  return (
    <div className="mb-4 flex items-center justify-center gap-2" data-testid="brand-bar">
      {brand.logoUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- our own origin, a small image
        <img src={brand.logoUrl} alt={`${brand.name} logo`} className="h-10 w-10 rounded object-contain" data-testid="brand-logo" />
      )}
      <span className="h-1 w-8 rounded-full bg-accent" aria-hidden="true" />
    </div>
  );
}

export function TestModeBanner() {
  return (
    <div data-testid="test-mode-banner" className="bg-amber-400 px-3 py-1.5 text-center text-sm font-semibold text-amber-950">
      Test mode · no real money moves
    </div>
  );
}

/** The white card the steps sit on. */
export function HostedCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl bg-white p-4 shadow-sm ring-1 ring-neutral-200 sm:p-6 dark:bg-neutral-900 dark:ring-neutral-800 ${className}`}>
      {children}
    </section>
  );
}
