import type { Context, MiddlewareHandler, Next } from 'hono';
import { addressGroup } from '../http/address-group';
import { requestCookie } from '../http/request-cookie';
import { socketAddress } from './security-headers';

/** A fixed window: how many state-changing calls, how long, counted per whom. */
export interface RateLimitOptions {
  /** State-changing calls allowed per window and key. */
  limit: number;
  windowMs: number;
  /**
   * Whom the limit counts: the visitor (their crumb and address together, else the address; the
   * default) or the address alone, which a robot cannot shed by dropping cookies.
   */
  by?: 'visitor' | 'address';
  /**
   * The answer over the limit (`Retry-After` is already set): by default 429 `{message}` JSON;
   * an HTML form's path answers with its page instead. The request goes no further either way.
   */
  refuse?: (c: Context, message: string, next: Next) => Response | Promise<Response | void>;
}

/** What a caller over the limit is told. */
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a few seconds.';

/** Every state-changing API call, per visitor. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 20, windowMs: 10_000 };

/**
 * The ceiling over the per-visitor limit: every state-changing API call but analytics, per
 * address, whatever crumbs the calls carry (a fresh crumb costs one GET). Higher than the
 * per-visitor limit so a few shoppers behind one address still get through.
 */
export const DEFAULT_ADDRESS_RATE_LIMIT: RateLimitOptions = { limit: 50, windowMs: 10_000, by: 'address' };

/**
 * Analytics calls (census, event trackers, error reports, performance records), per visitor and
 * apart from the shop's limit: a busy page sends a dozen, and they must never use up the
 * budget an add to cart needs.
 */
export const DEFAULT_ANALYTICS_RATE_LIMIT: RateLimitOptions = { limit: 300, windowMs: 60_000 };

/**
 * The ceiling over the analytics limit, per address whatever the cookies: four visitors' worth,
 * so a household or office behind one address is counted in full.
 */
export const DEFAULT_ANALYTICS_ADDRESS_RATE_LIMIT: RateLimitOptions = { limit: 1200, windowMs: 60_000, by: 'address' };

/** Restock sign-ups and form submissions, per address (each call its own window). */
export const DEFAULT_SUBMIT_RATE_LIMIT: RateLimitOptions = { limit: 5, windowMs: 60_000, by: 'address' };

/** Sign-in attempts, per address. */
export const DEFAULT_SIGN_IN_RATE_LIMIT: RateLimitOptions = { limit: 10, windowMs: 60_000, by: 'address' };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The caller's address: the one `securityHeaders` recorded (the socket's, or behind a trusted
 * proxy the forwarded one), else the socket's ('unknown' without one, as in `app.request` tests).
 */
export function remoteAddress(c: Context): string {
  return c.get('clientAddress') ?? socketAddress(c);
}

/** Addresses one limiter tracks at most; past it the one whose window began first is forgotten. */
export const MAX_TRACKED_ADDRESSES = 10_000;
/** Crumbs counted apart per address and window; further crumbs of that address share one count. */
export const MAX_CRUMBS_PER_ADDRESS = 16;

/** A count within a window. */
interface Slot {
  n: number;
}

/** One address's fixed window: its calls without a crumb, per crumb, and for crumbs past the cap. */
interface AddressWindow {
  resetAt: number;
  own: Slot;
  crumbs: Map<string, Slot> | undefined;
  overflow: Slot;
}

/** The slot `crumb` counts in: its own while the address has fewer than the cap, else the shared one. */
function crumbSlot(window: AddressWindow, crumb: string): Slot {
  const crumbs = (window.crumbs ??= new Map());
  let slot = crumbs.get(crumb);
  if (!slot) {
    if (crumbs.size >= MAX_CRUMBS_PER_ADDRESS) return window.overflow;
    crumbs.set(crumb, (slot = { n: 0 }));
  }
  return slot;
}

/**
 * Fixed-window counts keyed on the caller's address group first (see {@link addressGroup}), then on
 * the crumb: every check is a few map operations, the addresses tracked are at most
 * {@link MAX_TRACKED_ADDRESSES} and the crumbs per address at most {@link MAX_CRUMBS_PER_ADDRESS},
 * so fresh cookies neither grow the map nor buy a fresh budget.
 */
export function windowCounter(
  options: Pick<RateLimitOptions, 'limit' | 'windowMs'>,
  maxAddresses = MAX_TRACKED_ADDRESSES,
) {
  // Insertion order is window start order: a window that starts again is moved to the end.
  const windows = new Map<string, AddressWindow>();
  return {
    /**
     * Counts `amount` (a call, or its bytes) unless that goes over the limit; answers the ms until
     * the window ends when it would, else 0.
     */
    hit(address: string, crumb: string | undefined, now: number, amount = 1): number {
      const key = addressGroup(address);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        if (window) windows.delete(key);
        else if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value as string);
        window = { resetAt: now + options.windowMs, own: { n: 0 }, crumbs: undefined, overflow: { n: 0 } };
        windows.set(key, window);
      }
      const slot = crumb === undefined ? window.own : crumbSlot(window, crumb);
      if (slot.n + amount > options.limit) return window.resetAt - now;
      slot.n += amount;
      return 0;
    },
    /** Addresses tracked now. */
    size: () => windows.size,
  };
}

/**
 * Fixed-window limit on the state-changing calls it is mounted on. Over the limit: 429 with
 * `Retry-After` in seconds. Reads pass uncounted.
 */
export function rateLimit(options: RateLimitOptions = DEFAULT_RATE_LIMIT): MiddlewareHandler {
  const counter = windowCounter(options);
  return (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const now = Date.now();
    const crumb = options.by === 'address' ? undefined : requestCookie(c, 'crumb') || undefined;
    const wait = counter.hit(remoteAddress(c), crumb, now);
    if (wait > 0) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(wait / 1000))));
      return Promise.resolve(
        options.refuse ? options.refuse(c, TOO_MANY_REQUESTS, next) : c.json({ message: TOO_MANY_REQUESTS }, 429),
      );
    }
    return next();
  };
}
