import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, fakeCart, jsonResponse, type FakeApi } from '../../testing/fake-api';
import './account.element';
import { mountWidget } from '../../testing/mount-widget';

const SESSION = '/api/site-users/account/session';
let api: FakeApi;

beforeEach(() => {
  api = fakeApi({
    [`POST ${SESSION}`]: (call) => {
      const { password } = call.body as { password: string };
      if (password !== 'right') return jsonResponse({ message: 'Your email or password is incorrect.' }, 401);
      document.cookie = `SiteUserInfo=${encodeURIComponent('{"authenticated":true,"siteUserId":"m1"}')}; path=/`;
      return jsonResponse({ xsrfToken: 'tok' });
    },
    [`DELETE ${SESSION}`]: () => {
      document.cookie = 'SiteUserInfo=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      return new Response(null, { status: 204 });
    },
    'GET /api/commerce/shopping-cart': () => jsonResponse(fakeCart([])),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

const mount = (attributes = '') =>
  mountWidget(`<store-account ${attributes}></store-account>`, 'store-account', 'button');

function fill(element: HTMLElement, label: string, value: string): void {
  const input = [...element.querySelectorAll('label')].find((l) => l.textContent === label)
    ?.control as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const submit = (element: HTMLElement) => (element.querySelector('button[type=submit]') as HTMLButtonElement).click();

describe('<store-account>', () => {
  it('says a wrong password clearly, empties the field, and signs in with the right one', async () => {
    const el = await mount();
    fill(el, 'Email', 'ada@example.com');
    fill(el, 'Password', 'wrong');
    submit(el);
    await vi.waitFor(() =>
      expect(el.querySelector('[role=alert]')?.textContent).toBe('Your email or password is incorrect.'),
    );
    const password = el.querySelector('input[type=password]') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');

    fill(el, 'Password', 'right');
    (el.querySelector('input[type=checkbox]') as HTMLInputElement).click();
    submit(el);
    await vi.waitFor(() => expect(el.textContent).toContain('You are signed in.'));
    expect(api.callsTo(`POST ${SESSION}`)[1]?.body).toEqual({
      email: 'ada@example.com',
      password: 'right',
      rememberMe: true,
    });
    expect(el.querySelector('[role=alert]')).toBeNull();
  });

  it('signs out with cloneCart as its attribute says, back to the form', async () => {
    document.cookie = `SiteUserInfo=${encodeURIComponent('{"authenticated":true}')}; path=/`;
    const el = await mount('data-clone-cart="false"');
    expect(el.textContent).toContain('You are signed in.');
    (el.querySelector('.store-account__sign-out') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(el.querySelector('input[type=email]')).not.toBeNull());
    expect(api.callsTo(`DELETE ${SESSION}`)[0]?.search.get('cloneCart')).toBe('false');
  });

  it('asks for a member account, says to check the e-mail, and tells the ads pixel CompleteRegistration', async () => {
    api.on('POST /api/site-users/account', (call) => {
      const { password } = call.body as { password: string };
      if (password === 'short') return jsonResponse({ message: 'Choose a password of at least 8 characters.' }, 400);
      return jsonResponse({ message: 'Check your e-mail: we sent a message to finish creating your account.' }, 202);
    });
    const pixels: unknown[] = [];
    const listen = (event: Event) => pixels.push((event as CustomEvent).detail);
    document.addEventListener('store-ads-pixel', listen);
    try {
      const el = await mount();
      (el.querySelector('.store-account__switch') as HTMLButtonElement).click();
      await vi.waitFor(() => expect(el.querySelector('button[type=submit]')?.textContent).toBe('Create account'));
      expect(el.querySelector('input[type=checkbox]')).toBeNull();
      expect(el.querySelector('input[type=password]')?.getAttribute('autocomplete')).toBe('new-password');
      fill(el, 'Email', 'new@example.com');
      fill(el, 'Password', 'short');
      submit(el);
      await vi.waitFor(() =>
        expect(el.querySelector('[role=alert]')?.textContent).toBe('Choose a password of at least 8 characters.'),
      );
      expect(pixels).toEqual([]);
      fill(el, 'Password', 'long enough');
      submit(el);
      await vi.waitFor(() =>
        expect(el.querySelector('[role=status]')?.textContent).toBe(
          'Check your e-mail: we sent a message to finish creating your account.',
        ),
      );
      expect(api.callsTo('POST /api/site-users/account')[1]?.body).toEqual({
        email: 'new@example.com',
        password: 'long enough',
      });
      // Nobody is signed in until the link is followed; the form is the sign-in form again.
      expect(el.textContent).not.toContain('You are signed in.');
      expect(el.querySelector('button[type=submit]')?.textContent).toBe('Sign in');
      expect(pixels).toEqual([{ name: 'CompleteRegistration', method: 'email' }]);
    } finally {
      document.removeEventListener('store-ads-pixel', listen);
    }
  });
});
