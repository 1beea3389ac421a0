/**
 * The theme surface shared by every widget: the CSS custom properties a site's stylesheet may set
 * (on `:root`, `body` or any ancestor of a widget), each with what it changes and its default,
 * which is the widgets' own look. Widget CSS reads them through `themed()`, so a default is
 * written once, here.
 */
export const THEME_DEFAULTS = {
  '--store-accent-color': '#111',
  '--store-accent-text-color': '#fff',
  '--store-text-color': '#1a1a1a',
  '--store-muted-text-color': '#555',
  '--store-background-color': '#fff',
  '--store-border-color': '#767676',
  '--store-divider-color': '#e4e1d8',
  '--store-error-color': '#a4161a',
  '--store-radius': '4px',
  '--store-radius-large': '8px',
  '--store-font': 'inherit',
  '--store-spacing': '1rem',
  '--store-focus-ring': '3px solid #1d5fd1',
  '--store-control-height': '2.75rem',
  '--store-rating-color': '#8a5a00',
  '--store-image-background': '#f4f1ec',
  '--store-error-background-color': '#fdf1f1',
} as const;

export type ThemeProperty = keyof typeof THEME_DEFAULTS;

/** What each property changes, and how its default reads where that is not a plain value: documentation only. */
export const THEME_PROPERTIES = {
  '--store-accent-color': { changes: 'Filled buttons and the cart pill' },
  '--store-accent-text-color': { changes: 'Text on the accent colour' },
  '--store-text-color': {
    documented: 'inherited from the page; in dialogs `#1a1a1a`, on outlined buttons the browser’s button text colour',
    changes: 'Widget text',
  },
  '--store-muted-text-color': {
    changes: 'Secondary text (options, bylines, form hints: #444 there) and outlined button borders',
  },
  '--store-background-color': { changes: 'Dialogs and outlined buttons' },
  '--store-border-color': { changes: 'Borders of inputs and selects' },
  '--store-divider-color': {
    changes: 'Lines between rows and around panels (a few keep their own grey by default: #ccc, #ddd, #d6d2c7)',
  },
  '--store-error-color': { changes: 'Error messages, required marks, invalid fields' },
  '--store-radius': { changes: 'Corners of buttons and inputs' },
  '--store-radius-large': { changes: 'Corners of dialogs and panels' },
  '--store-font': { documented: 'inherited from the page', changes: 'Font family of the widgets' },
  '--store-spacing': { changes: 'The spacing unit: gaps and padding are multiples of it' },
  '--store-focus-ring': { changes: 'The keyboard focus outline (an `outline` value)' },
  '--store-control-height': {
    changes:
      'Height of buttons, selects and inputs, which reserved boxes count on: set it to your own controls’ height when you hand the widgets your classes',
  },
  '--store-rating-color': { changes: 'Review stars' },
  '--store-image-background': { changes: 'Behind a product image while it loads or letterboxes' },
  '--store-error-background-color': { changes: 'Behind a form’s error summary' },
} as const satisfies Record<ThemeProperty, { changes: string; documented?: string }>;

/** Properties whose default is "inherit": read without a fallback, so unset means inherited. */
const INHERITED: ReadonlySet<ThemeProperty> = new Set(['--store-font']);

/** `var(--store-x, default)`: the property's value, or the widgets' own look when a theme leaves it unset. */
/*#__NO_SIDE_EFFECTS__*/
export function themed(name: ThemeProperty): string {
  return INHERITED.has(name) ? `var(${name})` : `var(${name}, ${THEME_DEFAULTS[name]})`;
}

/**
 * `var(--store-x)` with no fallback: while a theme leaves it unset the declaration is dropped and the
 * value is inherited from the page (widget text colour and font follow the page by default).
 */
/*#__NO_SIDE_EFFECTS__*/
export function inherited(name: ThemeProperty): string {
  return `var(${name})`;
}

/** A multiple of the spacing unit: `space(0.75)` is `.75rem` by default. */
/*#__NO_SIDE_EFFECTS__*/
export function space(factor: number): string {
  return factor === 1 ? themed('--store-spacing') : `calc(${themed('--store-spacing')} * ${factor})`;
}

/**
 * A definition's `cssProperties`: each named property with what it changes and its default.
 * Documentation only (the build reads it into custom-elements.json); marked free of side effects so
 * the bundles leave it and its strings out.
 */
/*#__NO_SIDE_EFFECTS__*/
export function cssPropertiesOf(...names: ThemeProperty[]): Record<ThemeProperty, string> {
  return Object.fromEntries(
    names.map((name) => {
      const property: { changes: string; documented?: string } = THEME_PROPERTIES[name];
      return [name, `${property.changes}. Default: ${property.documented ?? `\`${THEME_DEFAULTS[name]}\``}`];
    }),
  ) as Record<ThemeProperty, string>;
}

/** Every `--store-…` property a stylesheet reads through `var()`. */
export function propertiesUsedBy(css: string): string[] {
  return [...new Set([...css.matchAll(/var\(\s*(--store-[\w-]+)/g)].map((m) => m[1] as string))].sort();
}
