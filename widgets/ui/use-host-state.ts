import { useLayoutEffect } from 'react';

/**
 * Writes what a widget shows to its host as `data-state` (for instance `hidden` when it decided
 * to render nothing, `shown` otherwise), so theme CSS and tests can follow it without guessing
 * when the first render happened. Set after the render it describes is committed.
 */
export function useHostState(host: HTMLElement | undefined, state: string): void {
  useLayoutEffect(() => {
    if (host && host.getAttribute('data-state') !== state) host.setAttribute('data-state', state);
  }, [host, state]);
}
