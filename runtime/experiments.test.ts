import { afterEach, describe, expect, it } from 'vitest';
import { getVariant, isFeatureEnabled, isFeatureToggleEnabled } from './experiments';

function setContext(context: unknown, search = ''): void {
  document.getElementById('store-context')?.remove();
  if (context !== undefined) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'store-context';
    script.textContent = JSON.stringify(context);
    document.body.append(script);
  }
  history.replaceState(null, '', `/shop/p/linen-shirt${search}`);
}

const EXPERIMENTS = {
  'quick-add': { type: 'FEATURE_TOGGLE', variant: 'true' },
  'slow-add': { type: 'FEATURE_TOGGLE', variant: 'false' },
  'add-button-label': { type: 'AB_TEST', variant: 'control' },
  broken: { type: 'FEATURE_TOGGLE' },
};

afterEach(() => setContext(undefined));

describe('experiments', () => {
  it('reads toggles and variants from the store context', () => {
    setContext({ siteStatus: 8, experiments: EXPERIMENTS });
    expect(isFeatureToggleEnabled('quick-add', false)).toEqual({ value: true });
    expect(isFeatureToggleEnabled('slow-add', true)).toEqual({ value: false });
    expect(getVariant('add-button-label', 'x')).toEqual({ value: 'control' });
  });

  it("returns the caller's default with the platform's error text", () => {
    setContext(undefined);
    expect(getVariant('add-button-label', 'x')).toEqual({
      value: 'x',
      error: 'The underlying Praetor configuration is not loaded',
    });
    setContext({ experiments: EXPERIMENTS });
    expect(isFeatureToggleEnabled('missing', true)).toEqual({
      value: true,
      error: 'The specified feature does not exist',
    });
    expect(isFeatureToggleEnabled('add-button-label', false)).toEqual({
      value: false,
      error: 'The specified feature is not a FEATURE_TOGGLE',
    });
    expect(getVariant('quick-add', 'd')).toEqual({ value: 'd', error: 'The specified feature is not a AB_TEST' });
    expect(isFeatureToggleEnabled('broken', true)).toEqual({
      value: true,
      error: 'The specified feature has an invalid server-side definition',
    });
  });

  it('lets internal sites (status 6) override a variant from the query, and nobody else', () => {
    const query = '?experiment.add-button-label=add-to-bag&experiment.quick-add=false';
    setContext({ siteStatus: 8, experiments: EXPERIMENTS }, query);
    expect(getVariant('add-button-label', 'x').value).toBe('control');
    expect(isFeatureToggleEnabled('quick-add', false).value).toBe(true);
    setContext({ siteStatus: 6, experiments: EXPERIMENTS }, query);
    expect(getVariant('add-button-label', 'x').value).toBe('add-to-bag');
    expect(isFeatureToggleEnabled('quick-add', true).value).toBe(false);
  });

  it('reads the override among the first 1000 query parameters only, as the platform reads a query', () => {
    const before = (n: number) => `?${'&x=1'.repeat(n)}&&experiment.add-button-label=add-to-bag`;
    setContext({ siteStatus: 6, experiments: EXPERIMENTS }, before(999));
    expect(getVariant('add-button-label', 'x').value).toBe('add-to-bag');
    setContext({ siteStatus: 6, experiments: EXPERIMENTS }, before(1000));
    expect(getVariant('add-button-label', 'x').value).toBe('control');
  });
});

describe('isFeatureEnabled', () => {
  it('follows the numbered flags of the store context', () => {
    setContext({ enabledFeatures: [40, 64] });
    expect(isFeatureEnabled(40)).toBe(true);
    expect(isFeatureEnabled(64)).toBe(true);
    expect(isFeatureEnabled(50)).toBe(false);
    setContext({ enabledFeatures: [] });
    expect(isFeatureEnabled(40)).toBe(false);
  });

  it('keeps every gate open when the context lists no flags', () => {
    setContext({ featureFlags: ['reviews-kill-switch'] });
    expect(isFeatureEnabled(66)).toBe(true);
    setContext(undefined);
    expect(isFeatureEnabled(50)).toBe(true);
  });
});
