/**
 * Control characters no address or e-mail header may hold: C0 (NUL to U+001F, so CR and LF), DEL,
 * C1 (U+0080 to U+009F, so NEL U+0085), and the Unicode line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Whether `value` holds a control character (see {@link headerText}). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/**
 * `value` made safe for an e-mail header (a subject built from a product name): every run of
 * control characters (CR, LF, NUL, NEL, U+2028, ...) becomes one space, and the ends are trimmed,
 * so no value can start another header line.
 */
export function headerText(value: string): string {
  return value.replace(CONTROL_RUNS, ' ').trim();
}

/**
 * The shopper widgets' e-mail rule (storefront spec, section 5): 3 to 256 characters, a local
 * part, @, and a domain whose ending has 2 to 4 letters; no spaces or control characters. Only
 * for the widgets' own message: the server takes every address {@link isDeliverableEmail} takes.
 */
export function isValidEmail(value: string): boolean {
  return (
    value.length >= 3 &&
    value.length <= 256 &&
    !hasControlCharacters(value) &&
    /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/.test(value)
  );
}

/** Characters a local part may not hold unquoted (RFC 5322's specials, besides `.` and `@`). */
const LOCAL_SPECIALS = /[\s"(),:;<>[\\\]]/u;
/** A domain label: letters (any script), digits and inner hyphens, 1 to 63 characters. */
const LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;
/** A top-level domain: letters only (`store`, `example`), or an internationalized one in punycode. */
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/**
 * The server's e-mail rule, for every address it stores or mails (restock sign-ups, form answers,
 * the footer address, owners): at most 254 characters; a local part of 1 to 64 characters without
 * spaces, quotes, RFC 5322 specials or dots at its ends or in a row; one `@`; a domain of at
 * least two labels whose last is a top-level domain of 2 or more letters (`owner@shop.example`,
 * `x@y.store`); no control characters anywhere (NUL, CR, LF, NEL, U+2028, ...).
 */
export function isDeliverableEmail(value: string): boolean {
  if (value.length < 3 || value.length > 254 || hasControlCharacters(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || LOCAL_SPECIALS.test(local)) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  const top = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && TOP_LEVEL.test(top);
}
