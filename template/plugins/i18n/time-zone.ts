/** The time zone dates are shown in: the website's `timeZone`, America/New_York by default. */
import { DEFAULT_TIME_ZONE } from '../../../contract/store-context';
import type { FormatContext } from '../../plugin';
import { boundedCache } from '../money/bounded-cache';

const zones = boundedCache<string | undefined>();

/** The canonical IANA name of a zone Intl knows ("asia/tokyo" gives "Asia/Tokyo"), or undefined. */
export function validTimeZone(zone: unknown): string | undefined {
  if (typeof zone !== 'string' || zone.trim() === '' || zone.length > 100) return undefined;
  return zones(zone, () => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: zone.trim() }).resolvedOptions().timeZone;
    } catch {
      return undefined; // RangeError: not a zone Intl knows
    }
  });
}

/** The render's time zone: `website.timeZone` when Intl knows it, else America/New_York. */
export function renderTimeZone(ctx: FormatContext): string {
  return validTimeZone(ctx.resolve('website.timeZone')) ?? DEFAULT_TIME_ZONE;
}
