"use client";

import { useRouter } from "next/navigation";
import { useAction, type SingleInputActionFn } from "next-safe-action/hooks";
import { toast } from "sonner";

// next-safe-action does not export its schema type; take it from useAction's own signature.
type ActionSchema = Parameters<typeof useAction>[0] extends SingleInputActionFn<unknown, infer S, unknown, unknown> ? S : never;

type ActionError<ShapedErrors> = { serverError?: string; validationErrors?: ShapedErrors };

export type ToastActionOptions<Input, Data, ShapedErrors> = {
  /** The success toast: fixed text, or made from the result (none when it gives undefined). */
  success?: string | ((data: Data, input: Input) => string | undefined);
  /**
   * The error toast when the server gave no message of its own (a validation error, a failed
   * request): fixed text, or made from the error. `false`: only the server's message is shown
   * (the form shows validation errors under its fields).
   */
  error?: string | false | ((error: ActionError<ShapedErrors>) => string);
  /** Re-read the page's server data after a success. */
  refresh?: boolean;
  onSuccess?: (args: { data: Data; input: Input }) => unknown;
  onError?: (args: { error: ActionError<ShapedErrors>; input: Input }) => unknown;
};

/**
 * next-safe-action's useAction with the dashboard's one way of telling the outcome: a toast with
 * the server's message on failure (else the fallback), an optional success toast and page
 * refresh. Callbacks run first, then the toast, then the refresh.
 */
export function useToastAction<Schema extends ActionSchema, ShapedErrors, Data>(
  action: SingleInputActionFn<string, Schema, ShapedErrors, Data>,
  { success, error = "Something went wrong", refresh = false, onSuccess, onError }: ToastActionOptions<Parameters<typeof action>[0], Data, ShapedErrors> = {},
) {
  const router = useRouter();
  return useAction(action, {
    onSuccess: (args) => {
      onSuccess?.(args);
      const message = typeof success === "function" ? success(args.data, args.input) : success;
      if (message) toast.success(message);
      if (refresh) router.refresh();
    },
    onError: (args) => {
      onError?.(args);
      const fallback = typeof error === "function" ? error(args.error) : error;
      const message = args.error.serverError ?? (fallback === false ? undefined : fallback);
      if (message) toast.error(message);
    },
  });
}
