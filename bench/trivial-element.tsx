// The benchmark's baseline: a plain r2wc element of a trivial component, mounted the same way.
import r2wc from '@r2wc/react-to-web-component';

function Trivial({ label }: { label?: string }) {
  return <button type="button">{label ?? 'Go'}</button>;
}

if (!customElements.get('bench-trivial'))
  customElements.define('bench-trivial', r2wc(Trivial, { props: { label: 'string' } }));
