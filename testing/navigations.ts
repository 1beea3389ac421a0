import { beforeEach } from 'vitest';
import { setNavigator } from '../runtime/session/navigate';

/**
 * Where the widgets send the browser (checkout, a thank-you page …) instead of going there:
 * the returned list holds each test's navigations, emptied before every test.
 */
export function recordNavigations(): string[] {
  const visited: string[] = [];
  beforeEach(() => {
    visited.length = 0;
    setNavigator((url) => visited.push(url));
  });
  return visited;
}
