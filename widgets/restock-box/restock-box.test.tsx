import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCaptchaLoader } from '../../runtime/captcha/captcha';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { announceChosenVariant } from '../../runtime/product/chosen-variant';
import { resetStoreContext } from '../../runtime/session/store-context';
import { enhance } from './platform-restock';
import './restock-box.element';

const SIGN_UP = 'POST /api/site-users/account/notifications/restock';
let api: FakeApi;

function context(restock: Record<string, unknown>, captcha = false) {
  document.head.innerHTML = `<script type="application/json" id="store-context">${JSON.stringify({
    restockSettings: restock,
    ...(captcha ? { captchaSettings: { siteKey: 'k', scriptUrl: '/captcha.js' } } : {}),
  })}</script>`;
  resetStoreContext();
}

/** A stand-in CAPTCHA provider: solved by calling `solve()`. */
function stubCaptcha() {
  const state = { token: '', resets: 0, solve: () => undefined as void, rendered: [] as HTMLElement[] };
  (globalThis as unknown as { grecaptcha: unknown }).grecaptcha = {
    render: (el: HTMLElement, p: { callback: (t: string) => void }) => {
      state.rendered.push(el);
      state.solve = () => {
        state.token = 'tok-1';
        p.callback('tok-1');
      };
      return 1;
    },
    reset: () => {
      state.token = '';
      state.resets++;
    },
    getResponse: () => state.token,
  };
  return state;
}

beforeEach(() => {
  resetCaptchaLoader();
  delete (globalThis as { grecaptcha?: unknown }).grecaptcha;
  context({ mailingListSignUpEnabled: true, mailingListOptInByDefault: true });
  api = fakeApi({ [SIGN_UP]: () => jsonResponse({}) });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

const soldOut = [
  { sku: 'A', attributes: { Size: 'S' }, qtyInStock: 0 },
  { sku: 'B', attributes: { Size: 'M' }, qtyInStock: 4 },
];
const attr = (v: unknown) => JSON.stringify(v).replace(/"/g, '&quot;');

async function mountBox(attrs: string): Promise<HTMLElement> {
  document.body.innerHTML = `<store-restock-box ${attrs}></store-restock-box>`;
  await new Promise((r) => setTimeout(r, 0));
  return document.querySelector('store-restock-box') as HTMLElement;
}

function fill(el: ParentNode, value: string) {
  const input = el.querySelector('input[type=email], input[name=email]') as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function submit(el: ParentNode) {
  const form = el.querySelector('form') as HTMLFormElement;
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

describe('<store-restock-box>', () => {
  it('appears only for a sold-out variant, following the add-to-cart choice', async () => {
    const el = await mountBox(`data-product-id="p1" data-variants="${attr(soldOut)}"`);
    expect(el.querySelector('form')).toBeNull();
    announceChosenVariant('p1', soldOut[0] ?? null);
    await vi.waitFor(() => expect(el.querySelector('form')).not.toBeNull());
    expect(el.textContent).toContain('Get notified by email when this product is back in stock');
    announceChosenVariant('p1', soldOut[1] ?? null);
    await vi.waitFor(() => expect(el.querySelector('form')).toBeNull());
    announceChosenVariant('other', soldOut[0] ?? null);
    await new Promise((r) => setTimeout(r, 0));
    expect(el.querySelector('form')).toBeNull();
  });

  it('shows itself for a sold-out product with one variant', async () => {
    const el = await mountBox(
      `data-product-id="mug" data-variants="${attr([{ sku: 'M', attributes: {}, qtyInStock: 0 }])}"`,
    );
    await vi.waitFor(() => expect(el.querySelector('form')).not.toBeNull());
  });

  it.each([
    ['', 'Email cannot be blank'],
    ['  ', 'Email cannot be blank'],
    ['not-an-email', 'Email is invalid'],
    ['a@b.toolong', 'Email is invalid'],
  ])('refuses %j with %j and calls nothing', async (value, message) => {
    const el = await mountBox('data-product-id="p1" data-variant-id="A"');
    await vi.waitFor(() => expect(el.querySelector('form')).not.toBeNull());
    fill(el, value);
    submit(el);
    await vi.waitFor(() => expect(el.querySelector('[role=alert]')?.textContent).toBe(message));
    expect(el.querySelector('input[type=email]')?.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('posts the sign-up with the mailing-list choice and shows the success text', async () => {
    context({ mailingListSignUpEnabled: true, mailingListOptInByDefault: true, successText: 'We will write to you.' });
    const el = await mountBox('data-product-id="p1" data-variant-id="A"');
    await vi.waitFor(() => expect(el.querySelector('form')).not.toBeNull());
    expect((el.querySelector('input[type=checkbox]') as HTMLInputElement).checked).toBe(true);
    fill(el, ' ada@example.com ');
    submit(el);
    await vi.waitFor(() => expect(el.querySelector('[role=status]')?.textContent).toBe('We will write to you.'));
    expect(el.querySelector('form')).toBeNull();
    expect(api.callsTo(SIGN_UP)[0]?.body).toEqual({
      productId: 'p1',
      variantId: 'A',
      siteVisitorEmail: 'ada@example.com',
      isJoinMailingList: true,
    });
  });

  it("says 'Signed up!' without a store text, and offers no mailing list when it is off", async () => {
    context({ mailingListSignUpEnabled: false });
    const el = await mountBox('data-product-id="p1" data-variant-id="A"');
    await vi.waitFor(() => expect(el.querySelector('form')).not.toBeNull());
    expect(el.querySelector('input[type=checkbox]')).toBeNull();
    fill(el, 'ada@example.com');
    submit(el);
    await vi.waitFor(() => expect(el.querySelector('[role=status]')?.textContent).toBe('Signed up!'));
    expect((api.callsTo(SIGN_UP)[0]?.body as { isJoinMailingList: boolean }).isJoinMailingList).toBe(false);
  });

  it("shows the server's data.message on failure and resets the CAPTCHA", async () => {
    context({ captcha: true }, true);
    const captcha = stubCaptcha();
    api.on(SIGN_UP, () => jsonResponse({ message: 'This product does not exist.' }, 404));
    const el = await mountBox('data-product-id="p1" data-variant-id="A"');
    await vi.waitFor(() => expect(el.querySelector('form')).not.toBeNull());
    fill(el, 'ada@example.com');
    submit(el);
    await vi.waitFor(() =>
      expect(el.querySelector('[role=alert]')?.textContent).toBe('Complete CAPTCHA before submitting.'),
    );
    expect(api.calls).toHaveLength(0);
    captcha.solve();
    submit(el);
    await vi.waitFor(() => expect(el.querySelector('[role=alert]')?.textContent).toBe('This product does not exist.'));
    expect((api.callsTo(SIGN_UP)[0]?.body as { captchaToken: string }).captchaToken).toBe('tok-1');
    expect(captcha.resets).toBe(1);
  });
});

describe('platform restock markup', () => {
  const block = (variantId: string, hidden: boolean) => `
    <div class="product-restock-notification" data-product-id="p1" data-variant-id="${variantId}"${hidden ? ' hidden' : ''}>
      <span class="product-restock-cta">Get notified by email when this product is back in stock</span>
      <form class="product-restock-form" action="#">
        <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="Your Email">
        <input class="sqs-editable-button" type="submit" value="Sign Up">
      </form>
      <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList" checked>Subscribe to our mailing list</label>
    </div>`;

  it('shows the block of the chosen sold-out variant and signs up through its own form', async () => {
    document.body.innerHTML = block('A', true) + block('B', true);
    const [a, b] = [...document.querySelectorAll('.product-restock-notification')] as HTMLElement[];
    if (!a || !b) throw new Error('markup missing');
    enhance(a);
    enhance(b);
    await vi.waitFor(() => expect(a.querySelector('input[name=email]')?.getAttribute('aria-label')).toBe('Your Email'));
    announceChosenVariant('p1', soldOut[0] ?? null);
    await vi.waitFor(() => expect(a.hidden).toBe(false));
    expect(b.hidden).toBe(true);

    submit(a);
    await vi.waitFor(() => expect(a.querySelector('[role=alert]')?.textContent).toBe('Email cannot be blank'));
    fill(a, 'ada@example.com');
    submit(a);
    await vi.waitFor(() => expect(a.querySelector('[role=status]')?.textContent).toBe('Signed up!'));
    expect(a.querySelector('form')?.hidden).toBe(true);
    expect(api.callsTo(SIGN_UP)[0]?.body).toEqual({
      productId: 'p1',
      variantId: 'A',
      siteVisitorEmail: 'ada@example.com',
      isJoinMailingList: true,
    });
  });

  it('destroys the CAPTCHA after a successful sign-up, in the markup that stays on the page', async () => {
    context({ captcha: true }, true);
    const captcha = stubCaptcha();
    document.body.innerHTML = block('A', false).replace('</form>', '<div class="captcha-container"></div></form>');
    const a = document.querySelector('.product-restock-notification') as HTMLElement;
    enhance(a);
    await vi.waitFor(() => expect(captcha.rendered).toHaveLength(1));
    const container = a.querySelector('.captcha-container') as HTMLElement;
    expect(captcha.rendered[0]?.parentElement).toBe(container);
    fill(a, 'ada@example.com');
    captcha.solve();
    submit(a);
    await vi.waitFor(() => expect(a.querySelector('[role=status]')?.textContent).toBe('Signed up!'));
    expect((api.callsTo(SIGN_UP)[0]?.body as { captchaToken: string }).captchaToken).toBe('tok-1');
    // The form stays, hidden; the CAPTCHA it held is gone.
    expect(a.querySelector('form')?.hidden).toBe(true);
    expect(captcha.rendered[0]?.isConnected).toBe(false);
    expect(container.childElementCount).toBe(0);
  });
});
