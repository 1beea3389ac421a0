import { resetStoreContext } from '../runtime/session/store-context';

/** Puts a store context on the page, as the server writes it (read again on next use). */
export function storeContextOf(context: Record<string, unknown>): void {
  document.head.innerHTML = `<script type="application/json" id="store-context">${JSON.stringify(context)}</script>`;
  resetStoreContext();
}

/** Takes the store context off the page again. */
export function clearStoreContext(): void {
  document.head.innerHTML = '';
  resetStoreContext();
}
