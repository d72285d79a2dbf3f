import { ERROR_CATALOGUE } from "./error-catalogue";
import { allowedStatuses, ERROR_CODES, type ErrorCode } from "./errors";

/**
 * What each error code means and what to do about it, for /docs/errors: read from the error
 * catalogue (lib/error-catalogue.ts), where each code is declared once. error-guide.test.ts
 * checks every status a code is thrown with in the source, and every one the OpenAPI document
 * lists for it, is among `statuses`, and that `api` says whether /v1 answers it.
 */
export type ErrorGuideEntry = {
  /** Every HTTP status the code comes with. */
  statuses: readonly number[];
  /** Whether /v1 answers it (else only the dashboard and the `owo` command do). */
  api: boolean;
  meaning: string;
  action: string;
};

export const ERROR_GUIDE = Object.fromEntries(
  ERROR_CODES.map((code) => {
    const { api, meaning, action } = ERROR_CATALOGUE[code];
    return [code, { statuses: allowedStatuses(code), api, meaning, action }];
  }),
) as Record<ErrorCode, ErrorGuideEntry>;
