"use client";

import { useEffect, useEffectEvent, useRef, type ChangeEvent } from "react";

/**
 * A file input's `ref` and `onChange` that also see a file picked while the page was still
 * plain HTML: on a slow phone the input already holds the file, but its change event came
 * before React listened, so nothing would happen. `onFile` runs once when React takes over
 * for such a file, then on every change.
 */
export function useFilePicker(onFile: (file: File | undefined, input: HTMLInputElement) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const pickedEarly = useEffectEvent((input: HTMLInputElement, file: File) => onFile(file, input));
  useEffect(() => {
    const input = ref.current;
    const file = input?.files?.[0];
    if (input && file) pickedEarly(input, file);
  }, []);
  return { ref, onChange: (e: ChangeEvent<HTMLInputElement>) => onFile(e.target.files?.[0], e.target) };
}
