import { afterEach, vi } from 'vitest';
import '../runtime/provide-loader-api';
import { resetPageRuntime } from '../runtime/page-runtime';

// React's act() environment is not used: tests wait for the DOM instead.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** Every case starts from a fresh page: empty DOM, cookies and storage, and a fresh page runtime. */
afterEach(() => {
  document.body.innerHTML = '';
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  resetPageRuntime();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
