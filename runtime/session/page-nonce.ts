import { STORE_CONTEXT_ID } from '../../contract/store-context';

/**
 * The page's Content-Security-Policy nonce, as the server put it on the store-context script
 * (`<script type="application/json" id="store-context" nonce="…">`), else on the loader's script
 * tag; undefined when the page gives none. Read from the element's `nonce` property: browsers
 * hide the attribute's value once the policy applies.
 */
export function pageNonce(doc: Document = document): string | undefined {
  const carriers = [doc.getElementById(STORE_CONTEXT_ID), doc.querySelector('script[nonce]')];
  for (const element of carriers) {
    const nonce = element ? (element as HTMLElement).nonce || element.getAttribute('nonce') : '';
    if (nonce) return nonce;
  }
  return undefined;
}
