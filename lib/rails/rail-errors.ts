/**
 * How a provider call failed decides what Owo may do next (supplement §11: one payout is
 * paid once, whatever fails).
 *
 * - `RailRefusedError`: the provider definitely did not take the request (a 4xx with a
 *   documented refusal before acceptance, or a connection refused before any byte was sent).
 *   A transfer may move to the next rail.
 * - Anything else thrown (a timeout, a 5xx, a reset mid-request, a body that is not JSON):
 *   the outcome is unknown. A transfer stays pending on that rail until its status query
 *   says what happened; it is never sent anywhere else meanwhile.
 */
export class RailRefusedError extends Error {
  readonly railRefused = true;
  constructor(
    readonly rail: string,
    message: string,
    /** The provider's HTTP status, when there was one. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "RailRefusedError";
  }
}

/** The provider answered in a way Owo does not know the outcome of. */
export class RailUnknownError extends Error {
  readonly railUnknown = true;
  constructor(
    readonly rail: string,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "RailUnknownError";
  }
}

export const isRailRefused = (e: unknown): e is RailRefusedError =>
  typeof e === "object" && e !== null && (e as { railRefused?: unknown }).railRefused === true;
