import { useLayoutEffect, useRef } from 'react';

/**
 * Puts trusted site-owner HTML into `container` and runs its scripts: scripts inserted as
 * markup never run, so each is replaced by a fresh copy, which the browser does run.
 */
export function insertHtmlWithScripts(container: HTMLElement, html: string): void {
  container.innerHTML = html;
  const doc = container.ownerDocument;
  for (const inert of container.querySelectorAll('script')) {
    const live = doc.createElement('script');
    for (const attribute of inert.attributes) live.setAttribute(attribute.name, attribute.value);
    live.text = inert.text;
    inert.replaceWith(live);
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
