/**
 * A theme's own classes for the widgets' controls: given once for the page (`classes` in the store
 * context) or per tag (`data-classes`), as JSON `{ "button": "btn btn-outline-dark", … }`. A control
 * of a kind the theme names wears the theme's classes instead of the widgets' own look.
 */

/** The kinds of control a theme may dress. */
export const CONTROL_KINDS = ['button', 'secondaryButton', 'select', 'input', 'label', 'dialog'] as const;

export type ControlKind = (typeof CONTROL_KINDS)[number];

/** The theme's classes by kind of control; a kind it does not name keeps the widgets' look. */
export type ControlClasses = Partial<Record<ControlKind, string>>;

/** What a `classes` value gives: the known kinds whose value is a non-blank string, whitespace collapsed; and the parts dropped. */
export function readControlClasses(value: unknown): { classes: ControlClasses; dropped: string[] } {
  const classes: ControlClasses = {};
  const dropped: string[] = [];
  if (value === undefined || value === null) return { classes, dropped };
  if (typeof value !== 'object' || Array.isArray(value)) return { classes, dropped: ['(not an object)'] };
  for (const [kind, names] of Object.entries(value as Record<string, unknown>)) {
    const list = typeof names === 'string' ? names.trim().split(/\s+/).filter(Boolean).join(' ') : '';
    if ((CONTROL_KINDS as readonly string[]).includes(kind) && list) classes[kind as ControlKind] = list;
    else dropped.push(kind);
  }
  return { classes, dropped };
}
