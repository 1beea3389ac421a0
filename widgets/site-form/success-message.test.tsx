/**
 * Scripts only run in happy-dom with JavaScript evaluation on, so this file turns it on.
 * @vitest-environment-options {"url": "http://shop.test/contact", "settings": {"enableJavaScriptEvaluation": true, "suppressInsecureJavaScriptEnvironmentWarning": true}}
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse } from '../../testing/fake-api';
import { insertHtmlWithScripts } from './success-message';
import './site-form.element';

type Marked = typeof globalThis & { successRuns?: string[] };

/** The store context script, with the page's nonce when given. */
function storeContext(nonce?: string): void {
  document.getElementById('store-context')?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'store-context';
  script.textContent = '{}';
  if (nonce) script.setAttribute('nonce', nonce);
  document.head.append(script);
}

beforeEach(() => {
  (globalThis as Marked).successRuns = [];
  storeContext('page-nonce');
  const api = fakeApi({
    'POST /api/form/FormSubmissionKey': () => jsonResponse({ key: 'k' }),
    'POST /api/form/SaveFormSubmission': () => jsonResponse({}),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

function attr(value: unknown): string {
  return JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

describe('the success message', () => {
  it('needs the scripts recreated: markup alone does not run them (as in browsers)', () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = '<script>successRuns.push("markup")</script>';
    expect((globalThis as Marked).successRuns).toEqual([]);
  });

  it('inserts the HTML and runs its scripts once, in order, with their attributes and the page nonce', () => {
    const container = document.createElement('div');
    document.body.append(container);
    insertHtmlWithScripts(
      container,
      '<p>Thanks!</p><script data-step="one">successRuns.push(document.currentScript?.dataset.step ?? "one")</script>' +
        '<script>successRuns.push("two")</script>',
    );
    expect((globalThis as Marked).successRuns).toEqual(['one', 'two']);
    expect(container.querySelector('p')?.textContent).toBe('Thanks!');
    expect(container.querySelector('script')?.dataset.step).toBe('one');
    expect([...container.querySelectorAll('script')].map((script) => script.nonce)).toEqual([
      'page-nonce',
      'page-nonce',
    ]);
  });

  it('runs the scripts without a nonce on a page that gives none (a page without a policy)', () => {
    storeContext();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const container = document.createElement('div');
    document.body.append(container);
    insertHtmlWithScripts(container, '<p>Thanks!</p><script>successRuns.push("one")</script>');
    expect((globalThis as Marked).successRuns).toEqual(['one']);
    expect(container.querySelector('script')?.hasAttribute('nonce')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it("says once on the console why, when the page's policy refuses the scripts", () => {
    storeContext();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const container = document.createElement('div');
    document.body.append(container);
    insertHtmlWithScripts(container, '<script>void 0</script><script>void 0</script>');
    // What a browser fires at each script element its policy refuses.
    for (const script of container.querySelectorAll('script')) {
      script.dispatchEvent(new Event('securitypolicyviolation', { bubbles: true, composed: true }));
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /success message's script was not run: the page's Content-Security-Policy refused it\. .*id="store-context" nonce=/,
    );
  });

  it('says nothing when the message has no script', () => {
    storeContext();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const container = document.createElement('div');
    insertHtmlWithScripts(container, '<p>Thanks!</p>');
    expect(warn).not.toHaveBeenCalled();
  });

  it('runs the scripts of the form success message after a submission', async () => {
    const form = {
      id: 'f',
      name: 'F',
      fields: [{ id: 'note', type: 'text', title: 'Note', required: false }],
      successMessage:
        '<p class="done">Sent.</p><script>successRuns.push(document.querySelector(".done").textContent)</script>',
    };
    document.body.innerHTML = `<store-site-form data-form="${attr(form)}"></store-site-form>`;
    const element = document.querySelector('store-site-form') as HTMLElement;
    await vi.waitFor(() => expect(element.querySelector('button[type=submit]')).not.toBeNull());
    (element.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect((globalThis as Marked).successRuns).toEqual(['Sent.']));
    expect(element.querySelector('.store-site-form__success p')?.textContent).toBe('Sent.');
  });
});
