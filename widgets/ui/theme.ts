/**
 * The theme surface shared by every widget: the CSS custom properties a site's stylesheet may set
 * (on `:root`, `body` or any ancestor of a widget), each with what it changes and its default,
 * which is the widgets' own look. Widget CSS reads them through `themed()`, so a default is
 * written once, here.
 */
export const THEME_PROPERTIES = {
  '--store-accent-color': { default: '#111', changes: 'Filled buttons and the cart pill' },
  '--store-accent-text-color': { default: '#fff', changes: 'Text on the accent colour' },
  '--store-text-color': {
    default: '#1a1a1a',
    documented: 'inherited from the page; in dialogs `#1a1a1a`, on outlined buttons the browser’s button text colour',
    changes: 'Widget text',
  },
  '--store-muted-text-color': {
    default: '#555',
    changes: 'Secondary text (options, bylines, form hints: #444 there) and outlined button borders',
  },
  '--store-background-color': { default: '#fff', changes: 'Dialogs and outlined buttons' },
  '--store-border-color': { default: '#767676', changes: 'Borders of inputs and selects' },
  '--store-divider-color': {
    default: '#e4e1d8',
    changes: 'Lines between rows and around panels (a few keep their own grey by default: #ccc, #ddd, #d6d2c7)',
  },
  '--store-error-color': { default: '#a4161a', changes: 'Error messages, required marks, invalid fields' },
  '--store-radius': { default: '4px', changes: 'Corners of buttons and inputs' },
  '--store-radius-large': { default: '8px', changes: 'Corners of dialogs and panels' },
  '--store-font': { default: 'inherit', documented: 'inherited from the page', changes: 'Font family of the widgets' },
  '--store-spacing': {
    default: '1rem',
    changes: 'The spacing unit: gaps and padding are multiples of it',
  },
  '--store-focus-ring': { default: '3px solid #1d5fd1', changes: 'The keyboard focus outline (an `outline` value)' },
  '--store-control-height': {
    default: '2.75rem',
    changes:
      'Height of buttons, selects and inputs, which reserved boxes count on: set it to your own controls’ height when you hand the widgets your classes',
  },
  '--store-rating-color': { default: '#8a5a00', changes: 'Review stars' },
  '--store-image-background': { default: '#f4f1ec', changes: 'Behind a product image while it loads or letterboxes' },
  '--store-error-background-color': { default: '#fdf1f1', changes: 'Behind a form’s error summary' },
} as const satisfies Record<`--store-${string}`, { default: string; changes: string; documented?: string }>;

export type ThemeProperty = keyof typeof THEME_PROPERTIES;

/** Properties whose default is "inherit": read without a fallback, so unset means inherited. */
const INHERITED: ReadonlySet<ThemeProperty> = new Set(['--store-font']);

/** `var(--store-x, default)`: the property's value, or the widgets' own look when a theme leaves it unset. */
/*#__NO_SIDE_EFFECTS__*/
export function themed(name: ThemeProperty): string {
  return INHERITED.has(name) ? `var(${name})` : `var(${name}, ${THEME_PROPERTIES[name].default})`;
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
      const property: { default: string; changes: string; documented?: string } = THEME_PROPERTIES[name];
      return [name, `${property.changes}. Default: ${property.documented ?? `\`${property.default}\``}`];
    }),
  ) as Record<ThemeProperty, string>;
}

/** Every `--store-…` property a stylesheet reads through `var()`. */
export function propertiesUsedBy(css: string): string[] {
  return [...new Set([...css.matchAll(/var\(\s*(--store-[\w-]+)/g)].map((m) => m[1] as string))].sort();
}
