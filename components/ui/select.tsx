import type { InputHTMLAttributes, SelectHTMLAttributes } from "react";

/** The compact control of filter bars and inline pickers (a native select, so it works without JS). */
export const controlClass = "h-9 max-w-full rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-900";

const withControl = (className?: string) => (className ? `${controlClass} ${className}` : controlClass);

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={withControl(className)} {...props} />;
}

/** A text or date input the same height and border as `Select`, for filter bars. */
export function ControlInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={withControl(className)} {...props} />;
}
