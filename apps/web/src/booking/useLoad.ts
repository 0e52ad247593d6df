import { useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * What a step reads from the API: loaded when its inputs change, the previous answer dropped at
 * once (never shown for other inputs), an answer for inputs left behind ignored.
 */
export function useLoad<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  deps: readonly unknown[],
): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: load !== null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    const controller = new AbortController();
    setState({ data: null, error: null, loading: true });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: null, error, loading: false });
      },
    );
    return () => controller.abort();
    // The caller names what the load depends on (`deps`); `load` is a new closure each render.
  }, [...deps, round]);
  return { ...state, reload: () => setRound((value) => value + 1) };
}
