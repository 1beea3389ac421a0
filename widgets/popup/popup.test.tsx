import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { armTrigger } from './popup-trigger';
import { readPopupRecord, staysClosed, writePopupRecord } from './popup-record';
import './popup.element';

const NEWSLETTER = {
  id: 'newsletter',
  name: 'Newsletter',
  submitLabel: 'Sign up',
  captcha: false,
  newsletter: true,
  successMessage: 'Thanks for signing up.',
  fields: [{ id: 'email', type: 'email', title: 'Email address', required: true }],
};

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi({
    'GET /api/template/GetTemplateSchema': () => jsonResponse(NEWSLETTER),
    'POST /api/form/FormSubmissionKey': () => jsonResponse({ key: 'key-1' }),
    'POST /api/form/SaveFormSubmission': () => jsonResponse({}),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

async function mount(attributes: string): Promise<HTMLElement> {
  document.body.innerHTML = `<store-popup data-version="3" data-heading="Join us" data-text="Once a month." ${attributes}></store-popup>`;
  const element = document.querySelector('store-popup') as HTMLElement;
  await vi.waitFor(() => expect(element.getAttribute('data-state')).not.toBeNull());
  return element;
}

describe('armTrigger', () => {
  it('fires once after the delay, and not after being disarmed', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    armTrigger(window, { trigger: 'delay', delayMs: 1000, scrollPercent: 50 }, open);
    vi.advanceTimersByTime(999);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    armTrigger(window, { trigger: 'delay', delayMs: 10, scrollPercent: 50 }, other)();
    vi.advanceTimersByTime(20);
    expect(other).not.toHaveBeenCalled();
  });

  it('fires on exit intent only when the pointer leaves through the top', () => {
    const open = vi.fn();
    const stop = armTrigger(window, { trigger: 'exit', delayMs: 0, scrollPercent: 50 }, open);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 200 }));
    expect(open).not.toHaveBeenCalled();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0 }));
    expect(open).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the pop-up record', () => {
  it('keeps the closed date, version and submitted flag; a stored version stays closed', () => {
    expect(readPopupRecord('newsletter')).toBeNull();
    writePopupRecord('newsletter', { closedDate: '2026-11-25T10:00:00.000Z', version: 2, submitted: true });
    expect(readPopupRecord('newsletter')).toEqual({
      closedDate: '2026-11-25T10:00:00.000Z',
      version: 2,
      submitted: true,
    });
    expect(staysClosed('newsletter', 2)).toBe(true);
    expect(staysClosed('newsletter', 3)).toBe(false);
    // Kept as a stored value (platform spec, section 4): `{value}` with the record as JSON text.
    expect(JSON.parse(localStorage.getItem('store-popup:newsletter') ?? '')).toEqual({
      value: JSON.stringify({ closedDate: '2026-11-25T10:00:00.000Z', version: 2, submitted: true }),
    });
    localStorage.setItem('store-popup:newsletter', '{not json');
    expect(readPopupRecord('newsletter')).toBeNull();
    localStorage.setItem('store-popup:newsletter', JSON.stringify({ value: '{not json' }));
    expect(readPopupRecord('newsletter')).toBeNull();
  });
});

describe('<store-popup>', () => {
  it('opens a dialog with the newsletter form, reports the overlay, and remembers the close', async () => {
    const shown = vi.fn();
    document.addEventListener('store-overlay-show', (e) => shown((e as CustomEvent).detail), { once: true });
    const element = await mount('data-trigger="delay" data-delay="0"');
    await vi.waitFor(() => expect(element.querySelector('dialog')).not.toBeNull());
    expect(shown).toHaveBeenCalledWith({ overlayId: 'newsletter' });
    const dialog = element.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(dialog.textContent).toContain('Join us');
    await vi.waitFor(() => expect(dialog.querySelector('input[type="email"]')).not.toBeNull());

    (dialog.querySelector('.store-dialog__close') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(element.querySelector('dialog')).toBeNull());
    expect(element.getAttribute('data-state')).toBe('closed');
    expect(readPopupRecord('newsletter')).toMatchObject({ version: 3, submitted: false });
  });

  it('stays closed when this version was closed before, and opens for a new version', async () => {
    writePopupRecord('newsletter', { closedDate: new Date().toISOString(), version: 3, submitted: false });
    expect((await mount('data-trigger="delay" data-delay="0"')).getAttribute('data-state')).toBe('closed');
    document.body.innerHTML = '';
    document.body.innerHTML = '<store-popup data-version="4" data-trigger="delay" data-delay="0"></store-popup>';
    await vi.waitFor(() => expect(document.querySelector('store-popup dialog')).not.toBeNull());
  });

  it('marks the record submitted after a sign-up, with no surrounding messages on a bad e-mail', async () => {
    const element = await mount('data-trigger="delay" data-delay="0"');
    await vi.waitFor(() => expect(element.querySelector('input[type="email"]')).not.toBeNull());
    const input = element.querySelector('input[type="email"]') as HTMLInputElement;
    const submit = element.querySelector('button[type="submit"]') as HTMLButtonElement;
    submit.click();
    await vi.waitFor(() => expect(element.textContent).toContain('Required'));
    expect(element.textContent).not.toContain('Your form has encountered a problem');

    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, 'ada@example.com');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    submit.click();
    await vi.waitFor(() => expect(element.textContent).toContain('Thanks for signing up.'));
    expect(readPopupRecord('newsletter')).toMatchObject({ version: 3, submitted: true });
    expect(api.callsTo('POST /api/form/SaveFormSubmission')).toHaveLength(1);
  });
});
