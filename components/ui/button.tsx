"use client";

import { cva, type VariantProps } from "class-variance-authority";
import { use, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";
import { ScriptForm } from "./form";
import { useHydrated } from "./use-hydrated";

const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:pointer-events-none disabled:opacity-50",
  {
    variants: {
      variant: {
        primary: "bg-accent text-white hover:bg-accent-hover",
        secondary:
          "border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800",
        danger: "bg-red-600 text-white hover:bg-red-700",
        ghost: "text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800",
      },
      size: { sm: "h-8 px-3 text-sm", md: "h-9 px-4 text-sm", lg: "h-11 px-5 text-base" },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & VariantProps<typeof buttonVariants>;

/**
 * A button that needs JavaScript (an `onClick`, or the submit of a `Form`) is disabled until the
 * page is hydrated: a click on a page that is still plain HTML would otherwise do nothing. The
 * submit of a server-action `<form>` works without JavaScript and is never held.
 */
export function Button({ className, variant, size, disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  const needsScript = props.onClick !== undefined || (use(ScriptForm) && (props.type ?? "submit") === "submit");
  return <button className={cn(buttonVariants({ variant, size }), className)} disabled={disabled || (needsScript && !hydrated)} {...props} />;
}
