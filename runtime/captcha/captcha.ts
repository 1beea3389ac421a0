import type { StoreContextCaptcha } from '../../contract/store-context';
import { storeUrl } from '../session/api-origin';
import { storeContext } from '../session/store-context';

/** Rejection when the site has no CAPTCHA site key (platform spec, section 8). */
export const CAPTCHA_NOT_SET_UP = 'ReCaptcha has not been set up!';

/** The provider API the script installs (reCAPTCHA v2's explicit rendering). */
export interface CaptchaProvider {
  render(
    container: HTMLElement,
    parameters: { sitekey: string; callback?: (token: string) => void; 'expired-callback'?: () => void },
  ): number;
  reset(widgetId?: number): void;
  getResponse(widgetId?: number): string;
}

/** One rendered CAPTCHA. */
export interface CaptchaWidget {
  /** The token once solved, '' before. */
  response(): string;
  /** Back to unsolved (after a failed submission). */
  reset(): void;
  /** Gone for good (after a successful one). */
  destroy(): void;
}

export interface CaptchaHandlers {
  onSolved?: (token: string) => void;
  onExpired?: () => void;
}

type ProviderWindow = typeof globalThis & { grecaptcha?: CaptchaProvider & { ready?: (fn: () => void) => void } };

const loading = new Map<string, Promise<CaptchaProvider>>();

/** Loads the provider script once per URL and resolves with its API. */
export function loadCaptchaProvider(scriptUrl: string, doc: Document = document): Promise<CaptchaProvider> {
  let pending = loading.get(scriptUrl);
  if (pending) return pending;
  pending = new Promise<CaptchaProvider>((resolve, reject) => {
    const scope = globalThis as ProviderWindow;
    const done = () => {
      const api = scope.grecaptcha;
      if (!api || typeof api.render !== 'function') {
        reject(new Error(`The CAPTCHA script ${scriptUrl} did not install a provider`));
        return;
      }
      if (typeof api.ready === 'function') api.ready(() => resolve(api));
      else resolve(api);
    };
    if (scope.grecaptcha) {
      done();
      return;
    }
    const script = doc.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.addEventListener('load', done);
    script.addEventListener('error', () => reject(new Error(`The CAPTCHA script ${scriptUrl} could not be loaded`)));
    doc.head.append(script);
  });
  // A failed load may be retried later (a network blip).
  pending.catch(() => loading.delete(scriptUrl));
  loading.set(scriptUrl, pending);
  return pending;
}

/**
 * Renders a CAPTCHA into `container` with the site's key. Rejects with
 * 'ReCaptcha has not been set up!' when the site has none, and with the provider's
 * problem when the script cannot load or rendering fails (which is also logged).
 */
export async function renderCaptcha(
  container: HTMLElement,
  handlers: CaptchaHandlers = {},
  settings: StoreContextCaptcha = storeContext().captcha,
): Promise<CaptchaWidget> {
  if (!settings.siteKey) throw new Error(CAPTCHA_NOT_SET_UP);
  // A path (`/captcha/…`) is the store's, which is not the page's when the widgets are embedded elsewhere.
  const provider = await loadCaptchaProvider(storeUrl(settings.scriptUrl), container.ownerDocument);
  const slot = container.ownerDocument.createElement('div');
  container.append(slot);
  let id: number;
  try {
    id = provider.render(slot, {
      sitekey: settings.siteKey,
      callback: (token) => handlers.onSolved?.(token),
      'expired-callback': () => handlers.onExpired?.(),
    });
  } catch (error) {
    console.error('The CAPTCHA could not be rendered', error);
    slot.remove();
    throw error;
  }
  let destroyed = false;
  return {
    response: () => (destroyed ? '' : provider.getResponse(id) || ''),
    reset: () => {
      if (!destroyed) provider.reset(id);
    },
    destroy: () => {
      destroyed = true;
      slot.remove();
    },
  };
}

/** Forgets loaded scripts (tests). */
export function resetCaptchaLoader(): void {
  loading.clear();
}
