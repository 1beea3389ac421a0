import { useLayoutEffect, useRef } from 'react';
import { pageNonce } from '../../runtime/session/page-nonce';

/**
 * Puts trusted site-owner HTML into `container` and runs its scripts: scripts inserted as markup
 * never run, so each is replaced by a fresh copy, which the browser runs. The copy carries the
 * page's Content-Security-Policy nonce when it has one; a page without a policy runs it as it is.
 * Where a policy refuses it (no nonce to give, or another), the console says why, once.
 */
export function insertHtmlWithScripts(
  container: HTMLElement,
  html: string,
  nonce: string | undefined = pageNonce(container.ownerDocument),
): void {
  container.innerHTML = html;
  const inert = [...container.querySelectorAll('script')];
  if (inert.length === 0) return;
  let told = false;
  // A refused inline script's violation is fired at the script element itself.
  const refused = () => {
    if (told) return;
    told = true;
    console.warn(
      "<store-site-form>: the success message's script was not run: the page's Content-Security-Policy refused it." +
        (nonce
          ? ''
          : " Put the nonce of the page's policy on " +
            '<script type="application/json" id="store-context" nonce="…"> to let it run.'),
    );
  };
  const doc = container.ownerDocument;
  for (const script of inert) {
    const live = doc.createElement('script');
    for (const attribute of script.attributes) {
      if (attribute.name !== 'nonce') live.setAttribute(attribute.name, attribute.value);
    }
    if (nonce) live.nonce = nonce;
    live.addEventListener('securitypolicyviolation', refused);
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
