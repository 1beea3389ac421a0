import { startPageCensus } from '../../analytics/census/page-census';
import { parseCdnList } from '../../analytics/telemetry/performance-records';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-census' as const;

/**
 * The loader fetches analytics (census, trackers, web vitals) only once the page is interactive:
 * what happens before is kept for it (runtime/early-events.ts, the runtime's analytics buffer),
 * and the performance entries it reads are buffered by the browser.
 */
export const LOAD_AFTER_INTERACTIVE = true;

/**
 * `<store-census>`: renders nothing; its first connection starts the page's analytics (page
 * view, event trackers, bus listeners, performance collector) once per page, unless a skip rule
 * applies. Removing it does not stop them: they belong to the page. A plain custom element,
 * not a React one, so a page whose only widget it is never loads React.
 */
export class StoreCensusElement extends HTMLElement {
  connectedCallback(): void {
    this.hidden = true;
    startPageCensus(this.ownerDocument, {
      // `data-cdn-hosts`: image hosts of the platform CDN for image records, comma-separated; '/…' entries are same-origin path prefixes (default `/img/`).
      cdn: parseCdnList(this.dataset.cdnHosts),
      // `data-performance="false"` turns the performance collector off.
      performance: this.dataset.performance !== 'false',
    });
  }
}

if (typeof customElements !== 'undefined' && !customElements.get(TAG)) {
  customElements.define(TAG, StoreCensusElement);
}
