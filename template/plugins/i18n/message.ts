/**
 * Formats messages of the platform's ICU dialect (see `message-parser.ts`) in the render's
 * locale: plural, selectordinal and select cases, and arguments through the number, money,
 * date and unit formatters. Problems come back as text, never thrown.
 */
import { isObject, toText } from '../../values';
import { boundedCache } from '../money/bounded-cache';
import { formatDateTime, formatInterval, intervalSkeleton, parseDateTimeOptions } from './datetime';
import { formatDecimalText, parseDecimalOptions } from './decimal';
import { parseMessage, type MessageNode, type ParsedMessage } from './message-parser';
import { withoutExponent } from './many-fraction-digits';
import { numberText, pluralCategory } from './number-text';
import { formatUnit } from './units';
import { readCldrInstant } from './zoned-time';

/** What a message argument formatter gets. */
export interface MessageEnv {
  /** Locale tag Intl has data for. */
  locale: string;
  /** IANA time zone of dates. */
  timeZone: string;
  /** Formats a money object with `money` formatter options (the `money` formatter itself). */
  money(value: unknown, options: readonly string[]): string;
}

/** Formats the values of one argument (`{0;1 name options}`) as text. */
export type ArgumentFormatter = (values: readonly unknown[], options: readonly string[], env: MessageEnv) => string;

function formatNumberArgument(values: readonly unknown[], options: readonly string[], env: MessageEnv): string {
  const text = argumentNumberText(values[0]);
  return text === undefined ? '' : formatDecimalText(text, env.locale, parseDecimalOptions(options));
}

function formatMoneyArgument(values: readonly unknown[], options: readonly string[], env: MessageEnv): string {
  return env.money(values[0], options);
}

function instantOf(value: unknown, timeZone: string): number | undefined {
  const read = readCldrInstant(value, timeZone);
  return read?.ok ? read.ms : undefined;
}

function formatDateTimeArgument(values: readonly unknown[], options: readonly string[], env: MessageEnv): string {
  const ms = instantOf(values[0], env.timeZone);
  return ms === undefined ? '' : formatDateTime(ms, parseDateTimeOptions(options), env.locale, env.timeZone);
}

/**
 * `{0;1 datetime-interval}`: as the formatter, with the zone's generic name on same-day ranges
 * and plain spaces where ICU 72+ puts thin ones (vector f-message-datetime-interval-en-US).
 */
function formatIntervalArgument(values: readonly unknown[], options: readonly string[], env: MessageEnv): string {
  const start = instantOf(values[0], env.timeZone);
  const end = instantOf(values[1], env.timeZone);
  if (start === undefined || end === undefined) return '';
  return formatInterval(start, end, intervalSkeleton(options), env.locale, env.timeZone, 'hmv').replace(
    /[\u2009\u202f]/g,
    ' ',
  );
}

/** The formatters a message argument can name (`{0 name options}`). */
const ARGUMENT_FORMATTERS = new Map<string, ArgumentFormatter>([
  ['decimal', formatNumberArgument],
  ['number', formatNumberArgument],
  ['money', formatMoneyArgument],
  ['currency', formatMoneyArgument],
  ['datetime', formatDateTimeArgument],
  ['datetime-interval', formatIntervalArgument],
  [
    'unit',
    (values, options, env) => {
      const text = numberText(values[0]);
      return text === undefined ? '' : formatUnit(text, options, env.locale);
    },
  ],
]);

/** The text of a plain argument: numbers as written, strings as they are, anything else empty. */
function plainText(value: unknown): string {
  if (typeof value === 'number') return numberText(value) ?? '';
  return typeof value === 'string' ? value : isObject(value) ? '' : toText(value);
}

/**
 * What a select argument reads as (and its `#` prints): text as it is, numbers and true or false
 * in JavaScript form, a money object's amount; nothing for null, lists and other objects.
 */
function selectText(value: unknown): string {
  if (isObject(value)) {
    const amount = Object.hasOwn(value, 'decimalValue') ? value.decimalValue : value.value;
    return isObject(amount) || Array.isArray(amount) ? '' : toText(amount);
  }
  return Array.isArray(value) ? '' : toText(value);
}

const parsed = boundedCache<ParsedMessage>();

/** The values of a message: positional (`{0}`) and named (`{name}`). */
export interface MessageArguments {
  positional: readonly unknown[];
  named: Readonly<Record<string, unknown>>;
}

function lookup(args: MessageArguments, name: string): unknown {
  if (/^\d+$/.test(name)) return args.positional[Number(name)];
  return Object.hasOwn(args.named, name) ? args.named[name] : undefined;
}

/** Text the platform's decimal reader takes as it is: no spaces around it. */
function strictNumberText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== value) return undefined;
  return typeof value === 'string' || typeof value === 'number' ? numberText(value) : undefined;
}

/**
 * The number a message argument holds, as the platform's message formatter reads it: a money
 * object's amount, true as 1 and false as 0; undefined for what is no number (null, "", "abc", " 3").
 */
function argumentNumberText(value: unknown): string | undefined {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (isObject(value)) return strictNumberText(value.decimalValue !== undefined ? value.decimalValue : value.value);
  return strictNumberText(value);
}

/** The number a plural case is picked by: the argument's number, 0 for what is no number. */
function pluralNumberText(value: unknown): string {
  return argumentNumberText(value) ?? '0';
}

/** Subtracts a plural offset from decimal text, keeping its visible fraction digits. */
function minusOffset(text: string, offset: number): string {
  if (offset === 0) return text;
  const digits = text.split('.')[1]?.length ?? 0;
  return (Number(text) - offset).toFixed(Math.min(digits, 20));
}

function render(
  nodes: readonly MessageNode[],
  args: MessageArguments,
  env: MessageEnv,
  hash: string | undefined,
): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += node;
    } else if (node.kind === 'number-sign') {
      out += hash ?? '#';
    } else if (node.kind === 'argument') {
      const values = node.names.map((n) => lookup(args, n));
      if (node.formatter === undefined) {
        out += plainText(values[0]);
      } else {
        const format = ARGUMENT_FORMATTERS.get(node.formatter);
        out += format ? format(values, node.options, env) : plainText(values[0]);
      }
    } else {
      const value = lookup(args, node.name);
      let key: string;
      // Inside a case, `#` prints the argument as its select or plural read it.
      let caseHash: string;
      if (node.kind === 'select') {
        key = caseHash = selectText(value);
      } else {
        // `#` prints the number in plain digits, as the reference does; an exact case (`=2`)
        // prints it before the offset is taken.
        const text = withoutExponent(pluralNumberText(value));
        const shifted = minusOffset(text, node.offset);
        const exact = [...node.cases.keys()].find((k) => k.startsWith('=') && Number(k.slice(1)) === Number(text));
        key = exact ?? pluralCategory(shifted, env.locale, node.kind === 'selectordinal' ? 'ordinal' : 'cardinal');
        caseHash = exact === undefined ? shifted : text;
      }
      // A category the message has no case for falls back to 'other' (CLDR), but exactly 1 without
      // a case prints nothing: `item{0 plural other{s}}` is "item" (vector f-message-plural-en-US).
      const silent = node.kind !== 'select' && key === 'one' && caseHash === '1';
      const body = node.cases.get(key) ?? (silent ? [] : node.cases.get('other')) ?? [];
      out += render(body, args, env, caseHash);
    }
  }
  return out;
}

/**
 * Formats `message` with `args` in `env`. A message that breaks the syntax gives the parser's
 * error text; formatting itself never fails.
 */
export function formatMessage(message: string, args: MessageArguments, env: MessageEnv): string {
  const result = parsed(message, () => parseMessage(message));
  if (!result.ok) return `Message error: ${result.error}`;
  return render(result.nodes, args, env, undefined);
}
