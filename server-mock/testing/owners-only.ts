import { expect } from 'vitest';
import type { TestStore } from './test-store';
import { VIEWER, type Visitor } from './visitor';

/**
 * Checks that `path` is for the owner only: a visitor is sent to sign in and back, a signed-in
 * viewer is refused. Returns that viewer.
 */
export async function expectOwnersOnly(store: TestStore, path: string): Promise<Visitor> {
  const anonymous = await store.visitor().call('GET', path);
  expect(anonymous.status).toBe(303);
  expect(anonymous.headers.get('location')).toBe(`/account/login?next=${encodeURIComponent(path)}`);
  const viewer = store.visitor();
  await viewer.signIn(VIEWER.email, VIEWER.password);
  expect((await viewer.call('GET', path)).status).toBe(403);
  return viewer;
}
