import { useLayoutEffect, useRef } from 'react';
import { pageNonce } from '../../runtime/session/page-nonce';

/**
 * Puts trusted site-owner HTML into `container` and runs its scripts with the page's
 * Content-Security-Policy nonce: scripts inserted as markup never run, so each is replaced by a
 * fresh copy carrying the nonce, which the browser runs. Without a nonce none runs (a strict
 * policy would refuse them anyway), and the console says why.
 */
export function insertHtmlWithScripts(
  container: HTMLElement,
  html: string,
  nonce: string | undefined = pageNonce(container.ownerDocument),
): void {
  container.innerHTML = html;
  const inert = [...container.querySelectorAll('script')];
  if (inert.length === 0) return;
  if (!nonce) {
    console.warn(
      `<store-site-form>: the success message's ${inert.length === 1 ? 'script was' : `${inert.length} scripts were`} not run: ` +
        "the page gives no Content-Security-Policy nonce. Put the nonce of the page's policy on " +
        '<script type="application/json" id="store-context" nonce="…"> to let them run.',
    );
    return;
  }
  const doc = container.ownerDocument;
  for (const script of inert) {
    const live = doc.createElement('script');
    for (const attribute of script.attributes) {
      if (attribute.name !== 'nonce') live.setAttribute(attribute.name, attribute.value);
    }
    live.nonce = nonce;
    live.text = script.text;
    script.replaceWith(live);
  }
}

export interface SuccessMessageProps {
  /** The form's submission text or HTML. */
  html: string;
}

/** What replaces the form after a submission; it takes focus so keyboard users carry on from there. */
export function SuccessMessage({ html }: SuccessMessageProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    insertHtmlWithScripts(container, html);
    container.focus();
  }, [html]);
  return <div ref={ref} className="store-site-form__success" role="status" tabIndex={-1} />;
}
