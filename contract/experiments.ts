/**
 * Experiments (platform spec, sections 4 and 8): the configuration the server sends in the store
 * context (`experiments`, by name) and the lookup every copy of the client runs. Two types:
 * FEATURE_TOGGLE (on when its variant is the string 'true') and AB_TEST (the variant itself).
 */

export const ExperimentType = {
  FEATURE_TOGGLE: 'FEATURE_TOGGLE',
  AB_TEST: 'AB_TEST',
} as const;
export type ExperimentType = (typeof ExperimentType)[keyof typeof ExperimentType];

/** One experiment as the server defines it. */
export interface ExperimentDefinition {
  type: ExperimentType;
  /** The variant this visitor gets; a toggle's is 'true' or 'false'. */
  variant: string;
}

/** The experiment configuration of a site, by experiment name. */
export type ExperimentConfig = Record<string, ExperimentDefinition>;

/** The error texts of a lookup that fell back to the caller's default (platform spec, section 8). */
export const EXPERIMENT_ERRORS = {
  notLoaded: 'The underlying Praetor configuration is not loaded',
  missing: 'The specified feature does not exist',
  wrongType: (type: ExperimentType) => `The specified feature is not a ${type}`,
  invalid: 'The specified feature has an invalid server-side definition',
} as const;

/** What a lookup gives: the value, and why it is the caller's default when it is. */
export interface ExperimentResult<T> {
  value: T;
  error?: string;
}

/** The query parameter that overrides an experiment's variant on internal sites: `?experiment.NAME=VARIANT`. */
export const EXPERIMENT_OVERRIDE_PREFIX = 'experiment.';

/**
 * Looks up experiment `name` of `type` in `config` (undefined: not loaded). `override` is a variant
 * the site may force (internal sites, from the query): it replaces the server's variant of an
 * existing experiment of the right type.
 */
export function lookupExperiment(
  config: unknown,
  name: string,
  type: ExperimentType,
  override?: string | null,
): { value: string; error?: undefined } | { value?: undefined; error: string } {
  if (!config || typeof config !== 'object' || Array.isArray(config)) return { error: EXPERIMENT_ERRORS.notLoaded };
  if (!Object.prototype.hasOwnProperty.call(config, name)) return { error: EXPERIMENT_ERRORS.missing };
  const definition = (config as Record<string, unknown>)[name] as Record<string, unknown> | null;
  const ofType = definition?.type;
  if (ofType !== ExperimentType.FEATURE_TOGGLE && ofType !== ExperimentType.AB_TEST) {
    return { error: EXPERIMENT_ERRORS.invalid };
  }
  if (ofType !== type) return { error: EXPERIMENT_ERRORS.wrongType(type) };
  const variant = definition?.variant;
  if (typeof variant !== 'string' || variant === '') return { error: EXPERIMENT_ERRORS.invalid };
  return { value: typeof override === 'string' && override !== '' ? override : variant };
}
