import { expect, vi } from 'vitest';

/** Puts `markup` on the page and waits until its `tag` element's widget has rendered `ready` (a selector). */
export async function mountWidget(markup: string, tag: string, ready: string): Promise<HTMLElement> {
  document.body.innerHTML = markup;
  const element = document.querySelector(tag) as HTMLElement;
  await vi.waitFor(() => expect(element.querySelector(ready)).not.toBeNull());
  return element;
}
