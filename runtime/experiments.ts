/**
 * Feature flags and experiments for widgets and theme code: the public API of storefront.js
 * (`import { getVariant } from '/storefront.js'`, or `window.storefront.getVariant` on plain
 * pages). Reads the page's store context (`#store-context`) on every call (parsed once per text);
 * the loader carries it and the widgets call the loader's (runtime/loader-api.ts). Imports only the contract.
 */
import { SiteStatus } from '../contract/enumerations';
import {
  EXPERIMENT_OVERRIDE_PREFIX,
  ExperimentType,
  lookupExperiment,
  type ExperimentResult,
} from '../contract/experiments';
import { isFeatureOn, readEnabledFeatures } from '../contract/feature-flags';
import { MAX_QUERY_KEYS } from '../contract/query-string';

export type { ExperimentResult };

type RawContext = Record<string, unknown> | null;

/** The last store context read, by its text: hundreds of widgets ask on one page, and it is parsed once. */
let lastRead: { text: string; context: RawContext } | null = null;

/** The store context (`#store-context`) of `doc` as it is written, null when missing or broken; the loader reads it this way too. */
export function readContext(doc: Document | undefined = globalThis.document): RawContext {
  const text = doc?.getElementById('store-context')?.textContent || 'null';
  if (lastRead?.text === text) return lastRead.context;
  let context: RawContext = null;
  try {
    const parsed: unknown = JSON.parse(text);
    context = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    // Not JSON: no configuration.
  }
  lastRead = { text, context };
  return context;
}

/**
 * The value of `key` among the first MAX_QUERY_KEYS parameters of `search`, as `parseQuery` reads it:
 * URLSearchParams keeps one entry per non-empty piece, so its first entries are the kept ones
 * (the loader carries this, and the limit's text scanner is kept out of it).
 */
function queryValue(search: string, key: string): string | null {
  return [...new URLSearchParams(search)].slice(0, MAX_QUERY_KEYS).find(([name]) => name === key)?.[1] ?? null;
}

function lookup(name: string, type: ExperimentType) {
  const context = readContext();
  // Only internal sites may force a variant from the address (`?experiment.NAME=VARIANT`).
  const override =
    context?.siteStatus === SiteStatus.INTERNAL && globalThis.location
      ? queryValue(globalThis.location.search, EXPERIMENT_OVERRIDE_PREFIX + name)
      : null;
  return lookupExperiment(context?.experiments, name, type, override);
}

/**
 * The variant of AB test `name`, or `defaultValue` with the reason in `error` when the
 * configuration is not loaded, the test does not exist, is a toggle, or is badly defined.
 */
export function getVariant(name: string, defaultValue: string): ExperimentResult<string> {
  const found = lookup(name, ExperimentType.AB_TEST);
  return found.error === undefined ? { value: found.value } : { value: defaultValue, error: found.error };
}

/** Whether feature toggle `name` is on (its variant is 'true'); `defaultValue` with `error` as for {@link getVariant}. */
export function isFeatureToggleEnabled(name: string, defaultValue: boolean): ExperimentResult<boolean> {
  const found = lookup(name, ExperimentType.FEATURE_TOGGLE);
  return found.error === undefined ? { value: found.value === 'true' } : { value: defaultValue, error: found.error };
}

/**
 * Whether numbered feature flag `flag` (`FeatureFlag`: 40 gift cards, 50 subscriptions, 64
 * Afterpay, 66 native reviews, 68 Clearpay, 70 Klarna, …) is on for the site. A page whose
 * context lists no flags at all keeps every gate open.
 */
export function isFeatureEnabled(flag: number): boolean {
  const enabled = readEnabledFeatures(readContext()?.enabledFeatures);
  return isFeatureOn(enabled, flag);
}
