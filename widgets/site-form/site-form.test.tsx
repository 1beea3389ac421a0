import { within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { resetCaptchaLoader } from '../../runtime/captcha/captcha';
import { addedStyles } from '../../runtime/ensure-styles';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi, type RecordedCall } from '../../testing/fake-api';
import { recordNavigations } from '../../testing/navigations';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import './site-form.element';
import { mountWidget } from '../../testing/mount-widget';

/** One field of every kind. */
const everyKind = {
  id: 'contact',
  name: 'Contact us',
  submitLabel: 'Send',
  captcha: false,
  newsletter: false,
  fields: [
    { id: 'intro', type: 'section', title: 'About you', description: 'Tell us who you are.', required: false },
    { id: 'who', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'subject', type: 'text', title: 'Subject', required: false, maxLength: 10 },
    { id: 'message', type: 'textarea', title: 'Message', required: false, maxLength: 20 },
    { id: 'age', type: 'number', title: 'Age', required: false },
    { id: 'budget', type: 'currency', title: 'Budget', required: false },
    { id: 'site', type: 'website', title: 'Website', required: false },
    { id: 'secret', type: 'password', title: 'Password', required: false },
    { id: 'phone', type: 'phone', title: 'Phone', required: false },
    { id: 'intl', type: 'phone', title: 'International phone', required: false, showCountryCode: true },
    { id: 'addr', type: 'address', title: 'Address', required: false },
    { id: 'day', type: 'date', title: 'Date', required: false },
    { id: 'clock', type: 'time', title: 'Time', required: false },
    { id: 'colour', type: 'radio', title: 'Colour', required: false, options: ['Red', 'Blue'] },
    { id: 'topics', type: 'checkbox', title: 'Topics', required: false, options: ['News', 'Offers'] },
    { id: 'size', type: 'select', title: 'Size', required: false, options: ['S', 'M'] },
    { id: 'survey', type: 'likert', title: 'Survey', required: false, options: ['Fast', 'Friendly'] },
    { id: 'source', type: 'hidden', title: 'Source', required: false, key: 'utm_source', value: 'direct' },
    { id: 'campaign', type: 'hidden', title: 'Campaign', required: false, key: 'utm_campaign', value: 'none' },
  ],
};

/** A small form: a required name and e-mail. */
const small = {
  id: 'small',
  name: 'Small',
  fields: [
    { id: 'who', type: 'text', title: 'Your name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
  ],
  captcha: false,
  newsletter: false,
};

let api: FakeApi;
const visited = recordNavigations();

beforeEach(() => {
  resetCaptchaLoader();
  api = fakeApi({
    'POST /api/form/FormSubmissionKey': () => jsonResponse({ key: 'key-1' }),
    'POST /api/form/SaveFormSubmission': () => jsonResponse({}),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

afterEach(() => {
  history.replaceState(null, '', '/shop/p/item');
  document.title = '';
});

function attr(value: unknown): string {
  return JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

const CAPTCHA_CONTEXT =
  '<script type="application/json" id="store-context">{"captchaSettings":{"siteKey":"site-key","scriptUrl":"/captcha/test-provider.js"}}</script>';

const mount = (attributes: string, before = '') =>
  mountWidget(
    `${before}<store-site-form ${attributes}></store-site-form>`,
    'store-site-form',
    'form, .store-site-form__message',
  );

const mountForm = (form: unknown, extra = '', before = '') => mount(`data-form="${attr(form)}" ${extra}`, before);

function setValue(control: Element | null, value: string) {
  const el = control as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const proto =
    el instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : el instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

function field(el: HTMLElement, id: string): HTMLElement {
  return el.querySelector(`[data-field-id="${id}"]`) as HTMLElement;
}

/** The control labelled `label`, leaving out the required mark (' *', hidden from screen readers). */
function byLabel(container: HTMLElement, label: string): HTMLElement {
  return within(container).getByLabelText(label, {
    normalizer: (text) =>
      text
        .replace(/\s+/g, ' ')
        .replace(/\s*\*$/, '')
        .trim(),
  });
}

function fill(el: HTMLElement, label: string, value: string) {
  setValue(byLabel(el, label), value);
}

function fillParts(el: HTMLElement, id: string, parts: Record<string, string>) {
  for (const [label, value] of Object.entries(parts)) setValue(byLabel(field(el, id), label), value);
}

function submitButton(el: HTMLElement): HTMLButtonElement {
  return el.querySelector('button[type=submit]') as HTMLButtonElement;
}

function messages(el: HTMLElement): string[] {
  return [...el.querySelectorAll('.store-site-form__message')].map((p) => p.textContent ?? '');
}

function fieldErrors(el: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...el.querySelectorAll('.store-field--error')].map((f) => [
      (f as HTMLElement).dataset.fieldId,
      f.querySelector('.store-field__error')?.textContent,
    ]),
  );
}

async function saved(count = 1): Promise<RecordedCall> {
  await vi.waitFor(() => expect(api.callsTo('POST /api/form/SaveFormSubmission')).toHaveLength(count));
  return api.callsTo('POST /api/form/SaveFormSubmission')[count - 1] as RecordedCall;
}

function answersOf(call: RecordedCall): Record<string, unknown> {
  return JSON.parse((call.body as { form: string }).form) as Record<string, unknown>;
}

async function fillSmallAndSubmit(el: HTMLElement) {
  fill(el, 'Your name', 'Ada');
  fill(el, 'Email', 'ada@example.com');
  submitButton(el).click();
}

describe('<store-site-form> fields and answers', () => {
  it('renders every kind with a label, groups in fieldsets, the section as a heading and nothing for hidden fields', async () => {
    const el = await mountForm(everyKind);
    expect(el.querySelector('form')?.getAttribute('aria-label')).toBe('Contact us');
    expect(el.querySelector('h2')?.textContent).toBe('About you');
    for (const label of ['Email', 'Subject', 'Message', 'Age', 'Budget', 'Website', 'Password', 'Size']) {
      expect(byLabel(el, label)).toBeTruthy();
    }
    expect((byLabel(el, 'Email') as HTMLInputElement).type).toBe('email');
    expect((byLabel(el, 'Website') as HTMLInputElement).type).toBe('url');
    expect((byLabel(el, 'Password') as HTMLInputElement).type).toBe('password');
    expect((byLabel(el, 'Age') as HTMLInputElement).type).toBe('number');
    const legends = [...el.querySelectorAll('legend')].map((l) => l.textContent);
    expect(legends).toEqual([
      'Name *',
      'Phone',
      'International phone',
      'Address',
      'Date',
      'Time',
      'Colour',
      'Topics',
      'Survey',
      'Fast',
      'Friendly',
    ]);
    expect(within(field(el, 'phone')).queryByLabelText('Country code')).toBeNull();
    expect(byLabel(field(el, 'intl'), 'Country code')).toBeTruthy();
    const scale = within(field(el, 'survey'))
      .getAllByRole('radio')
      .slice(0, 5)
      .map((r) => r.closest('label')?.textContent);
    expect(scale).toEqual(['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree']);
    expect(el.querySelector('[data-field-id="source"]')).toBeNull();
    expect(el.querySelector('input[name=source]')).toBeNull();
    expect(submitButton(el).textContent).toBe('Send');
  });

  it('submits every kind in the JSON of answers: phone with a country code prepended, hidden from the query string, likert by question, no section', async () => {
    history.replaceState(null, '', '/contact?utm_source=newsletter');
    document.title = 'Contact · Store';
    const el = await mountForm(everyKind, 'data-page-id="page-7" data-content-source="i" data-page-permission="2"');
    fillParts(el, 'who', { 'First Name': 'Ada', 'Last Name': 'Lovelace' });
    fill(el, 'Email', 'ada@example.com');
    fill(el, 'Subject', 'Hello');
    fill(el, 'Message', 'Hi there');
    fill(el, 'Age', '36');
    fill(el, 'Budget', '12.50');
    fill(el, 'Website', 'https://ada.example');
    fill(el, 'Password', 'hunter2');
    fillParts(el, 'phone', { 'Area code': '555', Prefix: '123', Line: '4567' });
    fillParts(el, 'intl', { 'Country code': '44', 'Area code': '20', Prefix: '7946', Line: '0000' });
    fillParts(el, 'addr', {
      'Address 1': '1 Main St',
      City: 'London',
      State: 'LDN',
      'ZIP Code': 'N1',
      Country: 'UK',
    });
    fillParts(el, 'day', { Month: '12', Day: '10', Year: '1815' });
    fillParts(el, 'clock', { Hour: '09', Minute: '30', 'AM/PM': 'AM' });
    byLabel(field(el, 'colour'), 'Blue').click();
    byLabel(field(el, 'topics'), 'News').click();
    byLabel(field(el, 'topics'), 'Offers').click();
    fill(el, 'Size', 'M');
    const fast = el.querySelector('.store-likert__question') as HTMLElement;
    byLabel(fast, 'Strongly Agree').click();
    const friendly = el.querySelectorAll('.store-likert__question')[1] as HTMLElement;
    byLabel(friendly, 'Disagree').click();

    submitButton(el).click();
    const call = await saved();
    expect(api.callsTo('POST /api/form/FormSubmissionKey')).toHaveLength(1);
    expect(api.callsTo('POST /api/form/FormSubmissionKey')[0]?.credentials).toBe('include');
    expect(call.credentials).toBe('include');
    const body = call.body as Record<string, unknown>;
    expect({ ...body, form: undefined }).toEqual({
      formId: 'contact',
      key: 'key-1',
      form: undefined,
      captchaKey: '',
      pageTitle: 'Contact · Store',
      pageId: 'page-7',
      contentSource: 'i',
      pagePath: '/contact',
      pagePermissionTypeValue: 2,
    });
    const answers = answersOf(call);
    expect(answers).toEqual({
      who: { First: 'Ada', Last: 'Lovelace' },
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'Hi there',
      age: '36',
      budget: '12.50',
      site: 'https://ada.example',
      secret: 'hunter2',
      phone: { Country: '', Areacode: '555', Prefix: '123', Line: '4567' },
      intl: { Country: '44', Areacode: '20', Prefix: '7946', Line: '0000' },
      addr: { Line1: '1 Main St', Line2: '', City: 'London', State: 'LDN', Zip: 'N1', Country: 'UK' },
      day: { Month: '12', Day: '10', Year: '1815' },
      clock: { Hour: '09', Minute: '30', Ampm: 'AM' },
      colour: 'Blue',
      topics: ['News', 'Offers'],
      size: 'M',
      survey: { Fast: '2', Friendly: '-1' },
      source: 'newsletter',
      campaign: 'none',
      'website-url-hp': '',
    });
    expect(Object.keys(answers.phone as object)).toEqual(['Country', 'Areacode', 'Prefix', 'Line']);
    expect('intro' in answers).toBe(false);
  });

  it('sends the page field defaults: no page id, collection source, permission 1', async () => {
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    const body = (await saved()).body as Record<string, unknown>;
    expect([body.pageId, body.contentSource, body.pagePermissionTypeValue, body.pagePath]).toEqual([
      '',
      'c',
      1,
      '/shop/p/item',
    ]);
  });

  it('fetches the definition by data-form-id when there is no data-form', async () => {
    api.on('GET /api/template/GetTemplateSchema', (call) =>
      call.search.get('type') === 'form' && call.search.get('id') === 'small'
        ? jsonResponse(small)
        : jsonResponse({ error: 'Unknown form' }, 404),
    );
    const el = await mount('data-form-id="small"');
    await vi.waitFor(() => expect(byLabel(el, 'Your name')).toBeTruthy());
    await fillSmallAndSubmit(el);
    expect((await saved()).body).toMatchObject({ formId: 'small' });
  });

  it("shows 'This form has not been configured yet.' for an unknown form id", async () => {
    api.on('GET /api/template/GetTemplateSchema', () => jsonResponse({ error: 'Unknown form' }, 404));
    const el = await mount('data-form-id="nope"');
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.notConfigured']]));
    expect(el.querySelector('form')).toBeNull();
    expect(el.querySelector('[role=alert]')?.textContent).toBe(FORM_STRINGS['form.notConfigured']);
  });

  it("says 'Unable to load. Try again.' when the definition cannot be had, and 'not configured' for one without fields", async () => {
    api.on('GET /api/template/GetTemplateSchema', () => jsonResponse({ message: 'Oops' }, 500));
    let el = await mount('data-form-id="small"');
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.loadFailed']]));
    api.on('GET /api/template/GetTemplateSchema', () => jsonResponse({ type: 'form', fieldTypes: [] }));
    el = await mount('data-form-id="small"');
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.notConfigured']]));
  });

  it('has a visually hidden honeypot, left out of the tab order and of the accessibility tree, and sends it', async () => {
    const el = await mountForm(small);
    const honeypot = el.querySelector('input[name="website-url-hp"]') as HTMLInputElement;
    expect(honeypot).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    const wrapper = honeypot.closest('[aria-hidden="true"]') as HTMLElement;
    expect(wrapper.className).toBe('store-site-form__honeypot');
    expect(el.querySelector(`label[for="${honeypot.id}"]`)?.textContent).toBe('Leave this field empty');
    const styles = addedStyles('store-site-form') ?? '';
    expect(styles).toMatch(/\(\.store-site-form__honeypot\) \{ position: absolute !important; left: -10000px;/);

    setValue(honeypot, 'http://spam.example');
    await fillSmallAndSubmit(el);
    expect(answersOf(await saved())['website-url-hp']).toBe('http://spam.example');
  });
});

describe('<store-site-form> address suggestions', () => {
  const PRODUCT_PAGE_CONTEXT =
    '<script type="application/json" id="store-context">{"pageType":50,"pageId":"page-9","item":{"id":"item-1","recordType":11,"collectionId":"shop"}}</script>';
  const addressForm = { ...small, fields: [{ id: 'addr', type: 'address', title: 'Address', required: false }] };

  it('on a product page, the details call carries productPage and productSection (no error logged)', async () => {
    api.on('GET /api/google-maps/places/autocomplete', () =>
      jsonResponse({ predictions: [{ placeId: 'place-001', description: '221 Pine Street, San Francisco' }] }),
    );
    api.on('GET /api/google-maps/places/details', () =>
      jsonResponse({ placeId: 'place-001', address: { Line1: '221 Pine Street', City: 'San Francisco' } }),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = await mountForm(addressForm, '', PRODUCT_PAGE_CONTEXT);
    const line1 = el.querySelector('[role=combobox]') as HTMLInputElement;
    setValue(line1, 'pine');
    await vi.waitFor(() => expect(el.querySelector('[role=option]')).not.toBeNull());
    (el.querySelector('[role=option]') as HTMLElement).click();
    await vi.waitFor(() => expect(api.callsTo('GET /api/google-maps/places/details')).toHaveLength(1));
    const [call] = api.callsTo('GET /api/google-maps/places/details');
    expect(call?.search.get('productPage')).toBe('page-9');
    expect(call?.search.get('productSection')).toBe('shop');
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('<store-site-form> validation', () => {
  it("marks empty required fields 'Required', says what went wrong and where, and focuses the first one", async () => {
    const el = await mountForm(small);
    submitButton(el).click();
    await vi.waitFor(() => expect(fieldErrors(el)).toEqual({ who: 'Required', email: 'Required' }));
    expect(messages(el)).toEqual([FORM_STRINGS['form.invalidFields'], FORM_STRINGS['form.scrollUp']]);
    const name = byLabel(el, 'Your name') as HTMLInputElement;
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const errorId = name.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Required');
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    expect(el.querySelector('.store-site-form__messages')?.getAttribute('role')).toBe('alert');
    expect(api.calls).toHaveLength(0);
  });

  it("says 'scroll down' when the messages sit above the form", async () => {
    const el = await mountForm(small, 'data-message-position="top"');
    const form = el.querySelector('form') as HTMLFormElement;
    expect(form.firstElementChild?.className).toContain('store-site-form__messages--top');
    submitButton(el).click();
    await vi.waitFor(() =>
      expect(messages(el)).toEqual([FORM_STRINGS['form.invalidFields'], FORM_STRINGS['form.scrollDown']]),
    );
  });

  describe('with the first field in error 900 px down the page', () => {
    let scrollTo: MockInstance<typeof window.scrollTo>;
    beforeEach(() => {
      scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    });
    afterEach(() => scrollTo.mockRestore());

    /** The small form, sent empty: its name field is the first in error. */
    const sentEmpty = async () => {
      const el = await mountForm(small);
      const field = byLabel(el, 'Your name').closest('.store-field') as HTMLElement;
      vi.spyOn(field, 'getBoundingClientRect').mockReturnValue({ top: 900 } as DOMRect);
      submitButton(el).click();
      return el;
    };
    const scrolledThere = () => expect(scrollTo).toHaveBeenLastCalledWith(window.scrollX, window.scrollY + 870);

    it('scrolls it to 30 px below the top (the scroll helper), then focuses it', async () => {
      const el = await sentEmpty();
      await vi.waitFor(() => expect(document.activeElement).toBe(byLabel(el, 'Your name')));
      scrolledThere();
    });

    it('leaves focus where the shopper put it while the page scrolled', async () => {
      const el = await sentEmpty();
      await vi.waitFor(() => expect(messages(el)).toContain(FORM_STRINGS['form.invalidFields']));
      const fields = [...el.querySelectorAll<HTMLElement>('input, textarea')];
      const moved = fields.find((input) => input !== byLabel(el, 'Your name')) as HTMLElement;
      moved.focus();
      // The scroll's last step, then the microtasks its end runs in.
      await vi.waitFor(scrolledThere);
      for (let turn = 0; turn < 3; turn += 1) await Promise.resolve();
      expect(document.activeElement).toBe(moved);
    });
  });

  it('puts the messages by the submit button by default', async () => {
    const el = await mountForm(small);
    const actions = el.querySelector('.store-site-form__actions') as HTMLElement;
    expect(actions.nextElementSibling?.className).toContain('store-site-form__messages--bottom');
  });

  it('checks the character limit (an empty optional field is fine) and the e-mail format', async () => {
    const el = await mountForm(everyKind);
    fillParts(el, 'who', { 'First Name': 'Ada', 'Last Name': 'Lovelace' });
    fill(el, 'Email', 'not-an-address');
    fill(el, 'Subject', 'Far more than ten');
    submitButton(el).click();
    await vi.waitFor(() =>
      expect(fieldErrors(el)).toEqual({
        email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
        subject: 'You have exceeded the character limit.',
      }),
    );
    expect(messages(el)).toEqual([FORM_STRINGS['form.invalidFields'], FORM_STRINGS['form.scrollUp']]);
    await vi.waitFor(() => expect(document.activeElement).toBe(byLabel(el, 'Email')));

    fill(el, 'Subject', '');
    fill(el, 'Email', 'ada@example.com');
    submitButton(el).click();
    await saved();
    expect(fieldErrors(el)).toEqual({});
    expect(messages(el)).toEqual([]);
  });

  it.each([
    ['a@b.co', true],
    ['ada@example.info', true],
    ['ada@example.museum', false],
    ['ada@example.c', false],
    ['ada example@x.com', false],
    ['@example.com', false],
    ['ada@', false],
    [`${'a'.repeat(250)}@ex.com`, false],
  ])('e-mail %s valid: %s', async (email, valid) => {
    const el = await mountForm({ ...small, fields: [{ id: 'email', type: 'email', title: 'Email', required: false }] });
    fill(el, 'Email', email);
    submitButton(el).click();
    if (valid) await saved();
    else await vi.waitFor(() => expect(fieldErrors(el)).toEqual({ email: FORM_STRINGS['form.email'] }));
  });

  it('requires every part of a required multi-part field, and every likert question', async () => {
    const form = {
      ...small,
      fields: [
        { id: 'who', type: 'name', title: 'Name', required: true },
        { id: 'survey', type: 'likert', title: 'Survey', required: true, options: ['Fast', 'Friendly'] },
        { id: 'topics', type: 'checkbox', title: 'Topics', required: true, options: ['News'] },
      ],
    };
    const el = await mountForm(form);
    fillParts(el, 'who', { 'First Name': 'Ada' });
    byLabel(el.querySelector('.store-likert__question') as HTMLElement, 'Agree').click();
    submitButton(el).click();
    await vi.waitFor(() =>
      expect(fieldErrors(el)).toEqual({ who: 'Required', survey: 'Required', topics: 'Required' }),
    );
    const group = field(el, 'who').querySelector('fieldset') as HTMLFieldSetElement;
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required');
    await vi.waitFor(() => expect(document.activeElement).toBe(byLabel(el, 'First Name')));
  });

  it("shows a live 'count / max' counter on text areas, in error style when over", async () => {
    const el = await mountForm(everyKind);
    const counter = field(el, 'message').querySelector('.store-field__counter') as HTMLElement;
    expect(counter.textContent).toBe('0 / 20');
    const textarea = byLabel(el, 'Message');
    expect(textarea.getAttribute('aria-describedby')).toContain(counter.id);
    fill(el, 'Message', 'Twelve chars');
    await vi.waitFor(() => expect(counter.textContent).toBe('12 / 20'));
    expect(counter.classList.contains('store-field__counter--over')).toBe(false);
    fill(el, 'Message', 'Twenty-one characters');
    await vi.waitFor(() => expect(counter.textContent).toBe('21 / 20'));
    expect(counter.classList.contains('store-field__counter--over')).toBe(true);
    expect(field(el, 'subject').querySelector('.store-field__counter')).toBeNull();

    fillParts(el, 'who', { 'First Name': 'Ada', 'Last Name': 'Lovelace' });
    fill(el, 'Email', 'ada@example.com');
    submitButton(el).click();
    await vi.waitFor(() => expect(fieldErrors(el)).toEqual({ message: FORM_STRINGS['form.characterLimit'] }));
  });
});

describe('<store-site-form> submission', () => {
  it("reads 'Submitting…' and is locked while sending, then shows the success message instead of the form", async () => {
    let release!: () => void;
    api.on(
      'POST /api/form/SaveFormSubmission',
      () => new Promise((resolve) => (release = () => resolve(jsonResponse({})))),
    );
    const el = await mountForm({ ...small, successMessage: '<p>Thanks, <strong>we will write back</strong>.</p>' });
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(submitButton(el).textContent).toBe(FORM_STRINGS['form.submitting']));
    expect(submitButton(el).getAttribute('aria-disabled')).toBe('true');
    submitButton(el).click();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await vi.waitFor(() => expect(el.querySelector('form')).toBeNull());
    const success = el.querySelector('.store-site-form__success') as HTMLElement;
    expect(success.innerHTML).toBe('<p>Thanks, <strong>we will write back</strong>.</p>');
    expect(document.activeElement).toBe(success);
    expect(api.callsTo('POST /api/form/FormSubmissionKey')).toHaveLength(1);
    expect(api.callsTo('POST /api/form/SaveFormSubmission')).toHaveLength(1);
  });

  it('tells analytics the form was shown, and a successful submission is a Lead', async () => {
    const rendered: unknown[] = [];
    const pixel: unknown[] = [];
    document.addEventListener('store-form-render', (e) => rendered.push(e.detail));
    document.addEventListener('store-ads-pixel', (e) => pixel.push(e.detail));
    const el = await mountForm(small);
    await vi.waitFor(() => expect(rendered).toEqual([{ formId: small.id }]));
    expect(pixel).toEqual([]);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(el.querySelector('.store-site-form__success')).not.toBeNull());
    expect(pixel).toEqual([{ name: 'Lead', formId: small.id }]);
    expect(rendered).toHaveLength(1);
  });

  it("shows 'Thank you!' when the form has no success message", async () => {
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(el.querySelector('.store-site-form__success')?.textContent).toBe('Thank you!'));
  });

  it('goes to the success redirect instead', async () => {
    const el = await mountForm({ ...small, successRedirect: '/thanks' });
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(visited).toEqual(['/thanks']));
    expect(el.querySelector('.store-site-form__success')).toBeNull();
  });

  it("goes to the success redirect in the page's language, and to another site's address as it is", async () => {
    const german = '<script type="application/json" id="store-context">{"languagePrefix":"/de"}</script>';
    const el = await mountForm({ ...small, successRedirect: '/shop' }, '', german);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(visited).toEqual(['/de/shop']));
    const away = await mountForm({ ...small, successRedirect: 'https://elsewhere.example/thanks' }, '', german);
    await fillSmallAndSubmit(away);
    await vi.waitFor(() => expect(visited).toEqual(['/de/shop', 'https://elsewhere.example/thanks']));
  });

  it.each([
    [401, { error: 'Invalid submission key.' }, FORM_STRINGS['form.unauthorized']],
    [404, { error: 'No such form.' }, FORM_STRINGS['form.notConfigured']],
    [429, { error: 'Slow down.' }, FORM_STRINGS['form.rateLimited']],
    [500, { error: 'Bug.' }, FORM_STRINGS['form.serverError']],
    [400, { error: 'The page fields are missing.' }, 'The page fields are missing.'],
    [400, { errors: {} }, FORM_STRINGS['form.unknown']],
    [403, {}, FORM_STRINGS['form.unknown']],
    [502, { message: 'Bad gateway' }, FORM_STRINGS['form.unknown']],
    [422, { error: 'Unprocessable.' }, 'Unprocessable.'],
  ])('status %i %j shows %s and unlocks the button', async (status, body, message) => {
    api.on('POST /api/form/SaveFormSubmission', () => jsonResponse(body, status));
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual([message]));
    expect(submitButton(el).textContent).toBe('Submit');
    expect(submitButton(el).hasAttribute('aria-disabled')).toBe(false);
    expect(fieldErrors(el)).toEqual({});
    expect(el.querySelector('form')).not.toBeNull();
  });

  it('renders the field errors of a 400 on their fields', async () => {
    api.on('POST /api/form/SaveFormSubmission', () =>
      jsonResponse(
        { errors: { email: 'Email is not valid. Email addresses should follow the format user@domain.com.' } },
        400,
      ),
    );
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(fieldErrors(el)).toEqual({ email: FORM_STRINGS['form.email'] }));
    expect(messages(el)).toEqual([FORM_STRINGS['form.invalidFields'], FORM_STRINGS['form.scrollUp']]);
    await vi.waitFor(() => expect(document.activeElement).toBe(byLabel(el, 'Email')));
  });

  it('shows field errors for fields it does not show (the honeypot) with the messages', async () => {
    api.on('POST /api/form/SaveFormSubmission', () =>
      jsonResponse({ errors: { 'website-url-hp': 'Leave this field empty.' } }, 400),
    );
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual(['Leave this field empty.']));

    api.on('POST /api/form/SaveFormSubmission', () =>
      jsonResponse({ errors: { who: 'Too short.', source: 'This answer is not valid.' } }, 400),
    );
    const withHidden = { ...small, fields: [...small.fields, { id: 'source', type: 'hidden', value: 'x' }] };
    const again = await mountForm(withHidden);
    await fillSmallAndSubmit(again);
    await vi.waitFor(() => expect(fieldErrors(again)).toEqual({ who: 'Too short.' }));
    expect(messages(again)).toEqual([
      FORM_STRINGS['form.invalidFields'],
      FORM_STRINGS['form.scrollUp'],
      'This answer is not valid.',
    ]);
  });

  it("shows 'Could not get a form submission key' when the key call fails, and sends nothing", async () => {
    api.on('POST /api/form/FormSubmissionKey', () => jsonResponse({ error: 'down' }, 503));
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.noKey']]));
    expect(api.callsTo('POST /api/form/SaveFormSubmission')).toHaveLength(0);
  });

  it('treats a key answer without a key as a key failure', async () => {
    api.on('POST /api/form/FormSubmissionKey', () => jsonResponse({}));
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.noKey']]));
  });

  it('says the submission rate was exceeded when the key call itself is rate limited', async () => {
    api.on('POST /api/form/FormSubmissionKey', () => jsonResponse({ message: 'Too many requests.' }, 429));
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.rateLimited']]));
  });

  it("shows 'Error processing form submission' on a network failure and on an unreadable answer", async () => {
    api.on('POST /api/form/SaveFormSubmission', () => Promise.reject(new TypeError('Failed to fetch')));
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.processing']]));

    api.on('POST /api/form/SaveFormSubmission', () => new Response('<html>oops</html>', { status: 200 }));
    submitButton(el).click();
    await saved(2);
    await vi.waitFor(() => expect(submitButton(el).textContent).toBe('Submit'));
    expect(messages(el)).toEqual([FORM_STRINGS['form.processing']]);
  });

  it("shows 'Could not parse the form fields' when the answers cannot be serialised, and calls nothing", async () => {
    const el = await mountForm(small);
    fill(el, 'Your name', 'Ada');
    fill(el, 'Email', 'ada@example.com');
    const stringify = vi.spyOn(JSON, 'stringify').mockImplementationOnce(() => {
      throw new TypeError('Converting circular structure to JSON');
    });
    submitButton(el).click();
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.parse']]));
    stringify.mockRestore();
    expect(api.calls).toHaveLength(0);
  });

  it('clears the messages on the next attempt', async () => {
    let status = 500;
    api.on('POST /api/form/SaveFormSubmission', () => jsonResponse(status === 200 ? {} : { error: 'x' }, status));
    const el = await mountForm(small);
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.serverError']]));
    status = 200;
    submitButton(el).click();
    await vi.waitFor(() => expect(el.querySelector('.store-site-form__success')).not.toBeNull());
  });
});

describe('<store-site-form> newsletter', () => {
  const newsletter = {
    id: 'newsletter',
    name: 'Newsletter',
    submitLabel: 'Sign up',
    newsletter: true,
    captcha: false,
    fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
  };

  it('shows only the field errors, without the messages around the form', async () => {
    const el = await mountForm(newsletter);
    submitButton(el).click();
    await vi.waitFor(() => expect(fieldErrors(el)).toEqual({ email: 'Required' }));
    expect(messages(el)).toEqual([]);
    fill(el, 'Email', 'nope');
    submitButton(el).click();
    await vi.waitFor(() => expect(fieldErrors(el)).toEqual({ email: FORM_STRINGS['form.email'] }));
    expect(messages(el)).toEqual([]);
    expect(el.textContent).not.toContain('One or more fields');
    expect(el.textContent).not.toContain('scroll');
  });

  it('shows server field errors on their fields and statuses in the message area', async () => {
    let answer = jsonResponse({ errors: { email: 'Already subscribed.' } }, 400);
    api.on('POST /api/form/SaveFormSubmission', () => answer);
    const el = await mountForm(newsletter);
    fill(el, 'Email', 'ada@example.com');
    submitButton(el).click();
    await vi.waitFor(() => expect(fieldErrors(el)).toEqual({ email: 'Already subscribed.' }));
    expect(messages(el)).toEqual([]);
    answer = jsonResponse({}, 429);
    submitButton(el).click();
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.rateLimited']]));
    expect(fieldErrors(el)).toEqual({});
  });
});

describe('<store-site-form> CAPTCHA', () => {
  interface StubCaptcha {
    token: string;
    resets: number;
    solve(token: string): void;
    expire(): void;
  }

  function stubCaptcha(): StubCaptcha {
    let solved: ((token: string) => void) | undefined;
    let expired: (() => void) | undefined;
    const stub: StubCaptcha = {
      token: '',
      resets: 0,
      solve(token) {
        stub.token = token;
        solved?.(token);
      },
      expire() {
        stub.token = '';
        expired?.();
      },
    };
    vi.stubGlobal('grecaptcha', {
      render(slot: HTMLElement, parameters: { callback?: (t: string) => void; 'expired-callback'?: () => void }) {
        solved = parameters.callback;
        expired = parameters['expired-callback'];
        slot.innerHTML = '<button type="button">I\'m not a robot</button>';
        return 7;
      },
      reset() {
        stub.token = '';
        stub.resets += 1;
      },
      getResponse: () => stub.token,
    });
    return stub;
  }

  const guarded = { ...small, captcha: true };

  async function mountGuarded(): Promise<HTMLElement> {
    const el = await mountForm(guarded, '', CAPTCHA_CONTEXT);
    await vi.waitFor(() => expect(el.querySelector('.store-site-form__captcha button')).not.toBeNull());
    return el;
  }

  it('disables the submit button until solved; submitting without it fails', async () => {
    const captcha = stubCaptcha();
    const el = await mountGuarded();
    expect(submitButton(el).getAttribute('aria-disabled')).toBe('true');
    fill(el, 'Your name', 'Ada');
    fill(el, 'Email', 'ada@example.com');
    submitButton(el).click();
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.captcha']]));
    expect(api.calls).toHaveLength(0);

    captcha.solve('token-1');
    await vi.waitFor(() => expect(submitButton(el).hasAttribute('aria-disabled')).toBe(false));
    captcha.expire();
    await vi.waitFor(() => expect(submitButton(el).getAttribute('aria-disabled')).toBe('true'));
    captcha.solve('token-2');
    await vi.waitFor(() => expect(submitButton(el).hasAttribute('aria-disabled')).toBe(false));
    submitButton(el).click();
    expect((await saved()).body).toMatchObject({ captchaKey: 'token-2' });
    await vi.waitFor(() => expect(el.querySelector('.store-site-form__success')).not.toBeNull());
    expect(el.querySelector('.store-site-form__captcha')).toBeNull();
    expect(document.body.textContent).not.toContain("I'm not a robot");
  });

  it('resets the CAPTCHA after a failure, which binds the button again', async () => {
    api.on('POST /api/form/SaveFormSubmission', () =>
      jsonResponse({ error: 'Complete CAPTCHA before submitting.' }, 400),
    );
    const captcha = stubCaptcha();
    const el = await mountGuarded();
    captcha.solve('token-1');
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.captcha']]));
    expect(captcha.resets).toBe(1);
    expect(submitButton(el).getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps the button bound when the site has no CAPTCHA set up', async () => {
    stubCaptcha();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const el = await mountForm(guarded);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(String(warn.mock.calls[0]?.[1])).toContain('ReCaptcha has not been set up!');
    await fillSmallAndSubmit(el);
    await vi.waitFor(() => expect(messages(el)).toEqual([FORM_STRINGS['form.captcha']]));
    warn.mockRestore();
  });
});
