import { describe, expect, it } from 'vitest';
import { EXPERIMENT_ERRORS, ExperimentType, lookupExperiment } from './experiments';

const CONFIG = {
  'new-cart': { type: 'FEATURE_TOGGLE', variant: 'true' },
  label: { type: 'AB_TEST', variant: 'control' },
  broken: { type: 'AB_TEST', variant: 3 },
  odd: { type: 'MULTIVARIATE', variant: 'a' },
};

describe('lookupExperiment', () => {
  it('gives the variant of an experiment of the asked type', () => {
    expect(lookupExperiment(CONFIG, 'new-cart', ExperimentType.FEATURE_TOGGLE)).toEqual({ value: 'true' });
    expect(lookupExperiment(CONFIG, 'label', ExperimentType.AB_TEST)).toEqual({ value: 'control' });
  });

  it('names what is wrong, in the platform texts', () => {
    expect(lookupExperiment(undefined, 'label', 'AB_TEST').error).toBe(
      'The underlying Praetor configuration is not loaded',
    );
    expect(lookupExperiment([], 'label', 'AB_TEST').error).toBe(EXPERIMENT_ERRORS.notLoaded);
    expect(lookupExperiment(CONFIG, 'nope', 'AB_TEST').error).toBe('The specified feature does not exist');
    expect(lookupExperiment(CONFIG, 'toString', 'AB_TEST').error).toBe('The specified feature does not exist');
    expect(lookupExperiment(CONFIG, 'label', 'FEATURE_TOGGLE').error).toBe(
      'The specified feature is not a FEATURE_TOGGLE',
    );
    expect(lookupExperiment(CONFIG, 'new-cart', 'AB_TEST').error).toBe('The specified feature is not a AB_TEST');
    expect(lookupExperiment(CONFIG, 'broken', 'AB_TEST').error).toBe(
      'The specified feature has an invalid server-side definition',
    );
    expect(lookupExperiment(CONFIG, 'odd', 'AB_TEST').error).toBe(EXPERIMENT_ERRORS.invalid);
  });

  it('takes an override only for an existing experiment of the right type', () => {
    expect(lookupExperiment(CONFIG, 'label', 'AB_TEST', 'bag')).toEqual({ value: 'bag' });
    expect(lookupExperiment(CONFIG, 'label', 'AB_TEST', '')).toEqual({ value: 'control' });
    expect(lookupExperiment(CONFIG, 'nope', 'AB_TEST', 'bag').error).toBe(EXPERIMENT_ERRORS.missing);
  });
});
