/**
 * Date and time formatters (platform spec, sections 8 and 9), by template name. Instants are
 * epoch milliseconds (numbers or numeric text), shown in the website's `timeZone`
 * (America/New_York by default) and the render's locale, through Intl. None throws: what is not
 * an instant prints nothing ("Invalid date." for `timesince`); an instant whose date in the
 * website's zone is outside Julian days 0 to 4881503 prints nothing and reports the date
 * library's error as a render error.
 */
import type { FormatContext, Formatter } from '../plugin';
import {
  formatDateTime,
  formatDefaultDate,
  formatInterval,
  intervalSkeleton,
  formatRelativeTime,
  relativeTimeField,
  humanizeDuration,
  parseDateTimeOptions,
  timeSince,
} from './i18n/datetime';
import { numberText, renderLocale } from './i18n/number-text';
import { strftime } from './i18n/strftime';
import { renderTimeZone } from './i18n/time-zone';
import { type Instant, readCldrInstant, readInstant } from './i18n/zoned-time';

/** The instant `read` found, or undefined (after reporting it when it is out of range). */
function reported(read: Instant, ctx: FormatContext): number | undefined {
  if (read === undefined) return undefined;
  if (!read.ok) {
    ctx.error(read.error);
    return undefined;
  }
  return read.ms;
}

/** The instant in `value`, or undefined (after reporting it when it is out of range). */
const instant = (value: unknown, ctx: FormatContext) => reported(readInstant(value, renderTimeZone(ctx)), ctx);

/** The instant in `value` as the CLDR date formatters read it (null as 0, true as 1; see `readCldrInstant`). */
const cldrInstant = (value: unknown, ctx: FormatContext) => reported(readCldrInstant(value, renderTimeZone(ctx)), ctx);

const CONTEXTS = ['middle-of-text', 'begin-sentence', 'standalone', 'ui-list-or-menu'];

/** `name:value` options of the relative-time formatter: the last one given with a value `valid` accepts. */
function option(args: readonly string[], name: string, valid: (value: string) => boolean = () => true) {
  const prefix = `${name}:`;
  return args.findLast((a) => a.startsWith(prefix) && valid(a.slice(prefix.length)))?.slice(prefix.length);
}

export const DATE_FORMATTERS: Record<string, Formatter> = {
  /**
   * `{t|date %Y-%m-%d %H:%M %Z}`: strftime-style specifiers (see `i18n/strftime.ts`); without a
   * pattern the platform's default 'LLL' ("February 24, 2020 at 2:04 PM").
   */
  date: ({ value, args, ctx }) => {
    const ms = instant(value, ctx);
    if (ms === undefined) return '';
    const locale = renderLocale(ctx.locale);
    const pattern = args.join(' ');
    return pattern.trim() === ''
      ? formatDefaultDate(ms, locale, renderTimeZone(ctx))
      : strftime(pattern, ms, renderTimeZone(ctx), locale);
  },

  /**
   * `{t|datetime}` (long date), `{t|datetime short}` (date and time), `date:` and `time:` a
   * width or a skeleton, `skeleton:yMMMd`, `wrap:full`, `context:begin-sentence`, `calendar:`.
   */
  datetime: ({ value, args, ctx }) => {
    const ms = cldrInstant(value, ctx);
    if (ms === undefined) return '';
    return formatDateTime(ms, parseDateTimeOptions(args), renderLocale(ctx.locale), renderTimeZone(ctx));
  },

  /** `{start, end|datetime-interval yMMM}`: the range, in the fields the skeleton (or the span) needs. */
  'datetime-interval': ({ value, others, args, ctx }) => {
    const start = cldrInstant(value, ctx);
    const end = cldrInstant(others[0], ctx);
    if (start === undefined || end === undefined) return '';
    const skeleton = intervalSkeleton(args);
    // Without a skeleton a same-day range is on the locale's own clock ("13:30 – 22:07" in Portuguese).
    return formatInterval(start, end, skeleton, renderLocale(ctx.locale), renderTimeZone(ctx), 'jm');
  },

  /**
   * `{t|relative-time}` (from now) or `{start, end|relative-time}`: "in 2 hours", "11 hours
   * ago"; `allowWeeks:true`, `context:begin-sentence`, `field:hour` (one unit), `numericOnly:true`
   * ("1 day ago", not "yesterday"), `width:short` or `narrow`, `maxfrac:N`.
   */
  'relative-time': ({ value, others, args, ctx }) => {
    const first = cldrInstant(value, ctx);
    if (first === undefined) return '';
    const second = others.length > 0 ? cldrInstant(others[0], ctx) : undefined;
    if (others.length > 0 && second === undefined) return '';
    const [from, to] = second === undefined ? [ctx.now, first] : [first, second];
    const maxFrac = Number.parseInt(option(args, 'maxfrac') ?? '', 10);
    return formatRelativeTime(from, to, renderLocale(ctx.locale), {
      allowWeeks: option(args, 'allowWeeks') === 'true',
      context: option(args, 'context', (v) => CONTEXTS.includes(v)),
      field: relativeTimeField(option(args, 'field', (v) => relativeTimeField(v) !== undefined)),
      numericOnly: option(args, 'numericOnly') === 'true',
      width: option(args, 'width', (v) => ['short', 'narrow', 'wide'].includes(v)),
      ...(Number.isFinite(maxFrac) ? { maxFrac } : {}),
    });
  },

  /** `{t|datetimefield …}`: the value as it is, whatever the arguments (the reference engine's behaviour; the spec has no word on it). */
  datetimefield: ({ value }) => value,

  /** `{t|timesince}`: "about 2 hours ago" in a span that carries the instant. */
  timesince: ({ value, ctx }) => {
    const ms = instant(value, ctx);
    if (ms === undefined) return 'Invalid date.';
    const text = numberText(value) ?? String(ms);
    return `<span class="timesince" data-date="${text}">${timeSince(ms, ctx.now)}</span>`;
  },

  /** `{ms|humanizeDuration}`: milliseconds as minutes and seconds ("2:05"); not a number counts as 0. */
  humanizeDuration: ({ value }) => {
    const text = numberText(value);
    const ms = text === undefined ? 0 : Number(text);
    return humanizeDuration(Number.isFinite(ms) ? ms : 0);
  },
};
