import type { FormState } from "./actions";

export function FormError({ state }: { state: FormState }) {
  if (!state?.error) return null;
  return (
    <div data-testid="form-error" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>{state.error}</p>
      {state.details && (
        <ul className="mt-1 list-disc pl-5">
          {state.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
