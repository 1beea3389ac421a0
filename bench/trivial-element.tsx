// The benchmark's baseline: a plain r2wc element of a trivial component, mounted the same way. And
// the floor for React: the add button's DOM with no logic (no hooks, no state), rendered by our
// widgets' renderer (one shared root, a portal per element, one flush per task).
import r2wc from '@r2wc/react-to-web-component';
import { defineWidget, type WidgetHostProps } from '../runtime/define-widget';

function Trivial({ label }: { label?: string }) {
  return <button type="button">{label ?? 'Go'}</button>;
}

if (!customElements.get('bench-trivial'))
  customElements.define('bench-trivial', r2wc(Trivial, { props: { label: 'string' } }));

let staticIds = 0;
const nothing = () => undefined;

/** The DOM <store-add-to-cart> renders for the bench's two-variant product, as static JSX. */
function StaticAddButton(_: WidgetHostProps) {
  const id = `bench-static-${staticIds++}`;
  return (
    <div className="store-add-to-cart">
      <div className="store-add-to-cart__option">
        <label className="store-add-to-cart__option-label" htmlFor={`${id}-size`}>
          Size
        </label>
        <select id={`${id}-size`} data-variant-option-name="Size" onChange={nothing}>
          <option value="">Select Size</option>
          <option value="S">S</option>
          <option value="M">M</option>
        </select>
      </div>
      <div className="store-add-to-cart__quantity">
        <label htmlFor={`${id}-quantity`}>Quantity</label>
        <input id={`${id}-quantity`} type="number" inputMode="numeric" min={1} max={9999} step={1} defaultValue="1" />
      </div>
      <button type="button" className="store-button store-add-to-cart__button" data-phase="idle" onClick={nothing}>
        Add To Cart
      </button>
      <span className="store-visually-hidden" role="status"></span>
    </div>
  );
}

defineWidget({ tag: 'store-bench-static', component: StaticAddButton, attributes: {} });
