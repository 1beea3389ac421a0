/**
 * The widgets' controls, dressed either in the widgets' own look or in the classes a theme hands
 * them (contract/control-classes.ts): `useControlClass('button', 'store-add-to-cart__button')`.
 * The own look is CONTROL_STYLES (control-styles.ts); a theme's classes replace it whole, so the control looks exactly
 * as the theme's own (the widget's layout classes stay).
 */
import type { ControlKind } from '../../contract/control-classes';
import { useThemeClasses } from '../../runtime/control-classes';

/** The widgets' own look of each kind of control: its class in CONTROL_STYLES. */
const OWN_LOOK: Record<ControlKind, string> = {
  button: 'store-button',
  secondaryButton: 'store-button store-button--secondary',
  select: 'store-select',
  input: 'store-input',
  label: 'store-label',
  dialog: 'store-surface',
};

/** The classes of a control of `kind`: the theme's for that kind, else the widgets' look; then `layout` (the widget's own classes). */
export function useControlClass(kind: ControlKind, layout = ''): string {
  const look = useThemeClasses()[kind] ?? OWN_LOOK[kind];
  return layout ? `${look} ${layout}` : look;
}
