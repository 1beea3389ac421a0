/**
 * `react` in the lite build (dist/lite/): Preact's compatibility layer, plus the one React 19 hook
 * it lacks. The widget sources are the same in both builds; rollup.config.mjs points `react`,
 * `react-dom`, `react-dom/client` and `react/jsx-runtime` here and at `preact/compat`.
 */
import { useCallback, useLayoutEffect, useRef } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's `useEffectEvent`: a function that always sees the latest props and state, with a
 * stable identity, for effects to call without re-running when it changes.
 */
export function useEffectEvent(callback) {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args) => latest.current(...args), []);
}
