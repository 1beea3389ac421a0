import type { MiddlewareHandler } from 'hono';
import { limitBody } from './body-limit';
import { crumbMiddleware } from './crumb';

/** The limits every analytics route group applies to its calls. */
export interface AnalyticsLimits {
  /** Largest accepted request body in bytes. */
  maxBodyBytes: number;
  /**
   * The analytics rate limiter. One instance serves all analytics groups, so a visitor has one
   * analytics budget (apart from the shop's), whichever group their calls go to.
   */
  rateLimit: MiddlewareHandler;
  /**
   * What one address may send whatever its cookies (a fresh crumb or visitor id costs nothing):
   * the call ceiling and the byte budget, shared by all groups like `rateLimit`.
   */
  perAddress: readonly MiddlewareHandler[];
  /** Secret of the crumb (CSRF) check. */
  crumbSecret: string;
}

/**
 * What an analytics group puts in front of its calls, in this order: the body limit, the shared
 * per-address ceilings (calls, bytes), the shared analytics rate limit, then the crumb check. `beacons` (exact paths) skip the crumb check:
 * `navigator.sendBeacon` cannot send the header.
 */
export function analyticsGuard(limits: AnalyticsLimits, beacons: readonly string[] = []): MiddlewareHandler[] {
  return [
    limitBody(limits.maxBodyBytes),
    ...limits.perAddress,
    limits.rateLimit,
    crumbMiddleware(limits.crumbSecret, beacons),
  ];
}
