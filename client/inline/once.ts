/**
 * The outcome of one inline checkout: exactly one of success, close or error is reported,
 * once. A second success message (the hosted page re-rendering, a replayed message), a close
 * after a success, anything after the end: ignored.
 */
export type Outcome<S, E> = {
  success(value: S): boolean;
  close(): boolean;
  error(value: E): boolean;
  readonly settled: boolean;
};

export function oneOutcome<S, E>(handlers: { onSuccess?: (v: S) => void; onClose?: () => void; onError?: (e: E) => void }): Outcome<S, E> {
  let settled = false;
  const settle = (fn: () => void): boolean => {
    if (settled) return false;
    settled = true;
    try {
      fn();
    } catch (err) {
      // The shop's callback threw: report it, never let it break the overlay.
      setTimeout(() => {
        throw err;
      });
    }
    return true;
  };
  return {
    success: (v) => settle(() => handlers.onSuccess?.(v)),
    close: () => settle(() => handlers.onClose?.()),
    error: (e) => settle(() => handlers.onError?.(e)),
    get settled() {
      return settled;
    },
  };
}
