/**
 * Widget stylesheets: each rule weighed against the page's CSS (weigh-rules.ts), then added once per
 * document by the loader's adoptStyles. React-free, so that enhancers of platform markup without
 * React (the gallery) style themselves without pulling React in; the weigher stays out of the loader.
 */
import { adoptStyles } from './loader-api';
import { weighRules } from './weigh-rules';

const weighed = new WeakMap<Document, Set<string>>();

/**
 * A widget control the keyboard focuses comes into view with room for its whole focus ring (its
 * `scroll-margin`): some engines scroll a focused element only until its own box is in view.
 */
function keepRingsInView(event: FocusEvent): void {
  const target = event.target;
  if (
    target instanceof Element &&
    target.matches('[class^="store-"]:focus-visible, [class*=" store-"]:focus-visible')
  ) {
    // After the engine's own scroll to the focused box, which would cut a smooth scroll short.
    requestAnimationFrame(() => target.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  }
}

/** Adds a widget's stylesheet once, each rule weighed against the page's. */
export function ensureStyles(id: string, css: string, doc: Document = document): void {
  let ids = weighed.get(doc);
  if (!ids) {
    weighed.set(doc, (ids = new Set()));
    doc.addEventListener('focusin', keepRingsInView);
  }
  if (ids.has(id)) return;
  ids.add(id);
  adoptStyles(id, weighRules(css), doc);
}
