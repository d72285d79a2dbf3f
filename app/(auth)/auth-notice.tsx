import Link from "@/components/ui/link";
import { Card } from "@/components/ui/card";

/** A one-message auth screen (sign-up done, sign-up not open, reset done…) with a way on. */
export function AuthNotice({
  title,
  children,
  testId,
  link,
}: {
  title: string;
  children: React.ReactNode;
  testId: string;
  link?: { href: string; label: string };
}) {
  return (
    <Card data-testid={testId}>
      <h1 className="mb-2 text-lg font-semibold">{title}</h1>
      <div className="space-y-2 text-sm text-neutral-600 dark:text-neutral-300">{children}</div>
      {link && (
        <Link
          href={link.href}
          className="mt-4 inline-flex h-9 w-full items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-hover"
        >
          {link.label}
        </Link>
      )}
    </Card>
  );
}
