import { FeatureFlag, SiteStatus } from '../../contract/enumerations';
import { FEATURE_FLAG_NAMES } from '../../contract/feature-flags';
import { ALL_FLAGS, FLAG_GATES } from './feature-flags-view';

/**
 * The gates the QA page shows both ways: which flag, on which QA product page; `without`: flags off
 * in both frames (Klarna stands in only where the locale's own service is off).
 */
const GATES: readonly { flag: FeatureFlag; title: string; path: string; height: number; without?: FeatureFlag[] }[] = [
  // Klarna off in both frames: with it on, Klarna would stand in for the provider switched off.
  {
    flag: FeatureFlag.AFTERPAY,
    title: 'Installment pill, US store',
    path: '/qa/p/linen-shirt',
    height: 420,
    without: [FeatureFlag.KLARNA],
  },
  {
    flag: FeatureFlag.CLEARPAY,
    title: 'Installment pill, UK store',
    path: '/qa/p/linen-shirt?country=GB&currency=GBP',
    height: 420,
    without: [FeatureFlag.KLARNA],
  },
  {
    flag: FeatureFlag.KLARNA,
    title: 'Installment pill, US store without Afterpay',
    path: '/qa/p/linen-shirt',
    height: 420,
    without: [FeatureFlag.AFTERPAY],
  },
  { flag: FeatureFlag.GIFT_CARDS, title: 'Gift card purchase', path: '/qa/p/gift-card', height: 420 },
  { flag: FeatureFlag.COMMERCE_SUBSCRIPTIONS, title: 'Subscription checkout', path: '/qa/p/coffee-club', height: 420 },
  {
    flag: FeatureFlag.NATIVE_PRODUCT_REVIEWS,
    title: 'Native product reviews',
    path: '/qa/p/linen-shirt#reviews',
    height: 420,
  },
];

/** `path` with the QA page's `features` override (the exact list of numbered flags on). */
function withFeatures(path: string, features: readonly number[]): string {
  const [base = '', hash] = path.split('#');
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}features=${features.join(',')}${hash ? `#${hash}` : ''}`;
}

/** The experiment lookups the QA page runs in the browser. */
const LOOKUPS = [
  { kind: 'variant', name: 'add-button-label', fallback: 'control', via: 'module' },
  { kind: 'toggle', name: 'reviews-summary-first', fallback: 'false', via: 'window' },
  { kind: 'toggle', name: 'installment-pill-compact', fallback: 'true', via: 'module' },
  { kind: 'toggle', name: 'add-button-label', fallback: 'false', via: 'window' },
  { kind: 'variant', name: 'no-such-test', fallback: 'fallback', via: 'module' },
] as const;

/** What the feature flags QA page shows. */
export function qaFlagsData(siteStatus: number) {
  return {
    siteStatus,
    internal: siteStatus === SiteStatus.INTERNAL,
    gates: GATES.map(({ flag, title, path, height, without = [] }) => {
      const base = ALL_FLAGS.filter((f) => !without.includes(f));
      return {
        flag,
        title: `${title}: ${FEATURE_FLAG_NAMES[flag]} (${flag})`,
        gates: FLAG_GATES[flag],
        height,
        on: withFeatures(path, base),
        off: withFeatures(
          path,
          base.filter((f) => f !== flag),
        ),
      };
    }),
    lookups: LOOKUPS.map((l) => ({
      ...l,
      call:
        l.kind === 'toggle'
          ? `isFeatureToggleEnabled('${l.name}', ${l.fallback})`
          : `getVariant('${l.name}', '${l.fallback}')`,
    })),
  };
}

/**
 * The QA page's script (served as /qa/flags.js, not inline, so a strict CSP can keep inline
 * scripts off): runs each lookup through the storefront's module exports or its window global.
 */
export const QA_FLAGS_SCRIPT = `import * as storefront from '/storefront.js';

for (const row of document.querySelectorAll('#experiment-lookups tr[data-lookup]')) {
  const { lookup, name, fallback, via } = row.dataset;
  const api = via === 'window' ? window.storefront : storefront;
  const result = lookup === 'toggle' ? api.isFeatureToggleEnabled(name, fallback === 'true') : api.getVariant(name, fallback);
  row.querySelector('.qa-value').textContent = String(result.value);
  row.querySelector('.qa-error').textContent = result.error ?? '';
}
document.getElementById('experiment-lookups').dataset.ready = 'true';
`;
