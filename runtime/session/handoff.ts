import { HANDOFF_CODE_PATH, HANDOFF_PAGE_PATH } from '../../contract/embedding';
import { http } from '../http/client';
import { pageSlot } from '../page-runtime';
import { apiOrigin } from './api-origin';
import { cartTokenKeeper } from './cart-token';

/** A path of the store that is a file or a call, not a page: no cart to take along. */
const NOT_A_PAGE = /^\/api\/|\.[a-z0-9]{1,5}$/i;

let leave: (url: string) => void = (url) => globalThis.location.assign(url);

/** Replaces leaving the page (tests record the URL instead). */
export function setLeave(next: (url: string) => void): void {
  leave = next;
}

/**
 * Goes to `url`, a page of the store on another site, taking the page's cart along: a one-time code
 * for it, posted by a top-level form to the store (a POST body: never in a URL, a Referer or a log),
 * which joins the cart to the shopper's cart on the store's own site and goes on to `url`. Without a
 * cart, or when the code cannot be had, the shopper still goes to `url`.
 */
export async function handOff(url: string): Promise<void> {
  const target = new URL(url);
  if (!cartTokenKeeper.read()) return leave(target.href);
  let code: string;
  try {
    ({ code } = await http().post(HANDOFF_CODE_PATH, { retry: 0 }).json<{ code: string }>());
  } catch {
    return leave(target.href);
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = new URL(HANDOFF_PAGE_PATH, target.origin).href;
  form.hidden = true;
  for (const [name, value] of [
    ['code', code],
    ['next', `${target.pathname}${target.search}${target.hash}`],
  ] as const) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** The store page a click on this event would open in this tab, when it should take the cart along. */
function storePageOf(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
  if (!link?.href || link.hasAttribute('download') || (link.target && link.target !== '_self')) return undefined;
  const url = new URL(link.href);
  return url.origin === apiOrigin() && !NOT_A_PAGE.test(url.pathname) ? url.href : undefined;
}

const installed = pageSlot(
  'handoff-links',
  () => {
    const onClick = (event: MouseEvent) => {
      const url = storePageOf(event);
      if (!url) return;
      event.preventDefault();
      void handOff(url);
    };
    globalThis.document?.addEventListener('click', onClick);
    return onClick;
  },
  { end: (onClick) => globalThis.document?.removeEventListener('click', onClick) },
);

/**
 * Makes every link of the page to a store page (the widgets' and the theme's own) take the cart
 * along when followed in the same tab; a link opened in a new tab or window opens the plain page.
 */
export function handOffStoreLinks(): void {
  installed.get();
}
