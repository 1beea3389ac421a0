import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStoreContext } from '../../runtime/session/store-context';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi, type RecordedCall } from '../../testing/fake-api';
import { sentMessage } from './restock-admin';
import './restock-admin.element';
import { mountWidget } from '../../testing/mount-widget';

const BASE = '/api/site-users/account/notifications/restock';
let api: FakeApi;

const group = (n: number) => ({
  productId: `p${n}`,
  variantId: `v${n}`,
  productName: `Product ${n}`,
  variantName: n % 2 ? `Size ${n}` : '',
  count: n,
});

/** Groups served three per page, with a cursor naming the next page. */
function pagedGroups(total: number) {
  return (call: RecordedCall) => {
    const page = Number(call.search.get('cursor') ?? 0);
    const items = Array.from({ length: total }, (_, i) => group(i + 1)).slice(page * 3, page * 3 + 3);
    const more = (page + 1) * 3 < total;
    return jsonResponse({ signUpGroups: items, hasNextPage: more, nextPageCursor: more ? String(page + 1) : null });
  };
}

beforeEach(() => {
  api = fakeApi({ [`GET ${BASE}/groups`]: pagedGroups(7) });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

afterEach(() => {
  document.head.innerHTML = '';
  resetStoreContext();
});

const mount = () => mountWidget('<store-restock-admin></store-restock-admin>', 'store-restock-admin', 'section');

const rows = (el: HTMLElement) => el.querySelectorAll('.store-restock-admin__groups > tbody > tr');

describe('<store-restock-admin>', () => {
  it('follows cursors until the last page, showing a loading state meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const serve = pagedGroups(7);
    api.on(`GET ${BASE}/groups`, async (call) => {
      if (call.search.get('cursor') === '2') await gate;
      return serve(call);
    });
    const el = await mount();
    await vi.waitFor(() => expect(rows(el)).toHaveLength(6));
    expect(el.querySelector('[role=status]')?.textContent).toBe('Loading sign-ups…');
    expect(el.querySelector('section')?.getAttribute('aria-busy')).toBe('true');
    release();
    await vi.waitFor(() => expect(rows(el)).toHaveLength(7));
    expect(el.querySelector('[role=status]')?.textContent).toBe('');
    expect(api.callsTo(`GET ${BASE}/groups`).map((c) => c.search.get('cursor'))).toEqual([null, '1', '2']);
  });

  it('lists the sign-ups of one group across pages', async () => {
    api.on(`GET ${BASE}`, (call) => {
      const first = !call.search.get('cursor');
      return jsonResponse({
        signUps: [
          {
            id: first ? 's1' : 's2',
            email: first ? 'ada@example.com' : 'alan@example.com',
            isJoinMailingList: first,
            createdOn: 0,
          },
        ],
        hasNextPage: first,
        nextPageCursor: first ? 'next' : null,
      });
    });
    const el = await mount();
    await vi.waitFor(() => expect(rows(el)).toHaveLength(7));
    const view = el.querySelector('button[aria-expanded]') as HTMLButtonElement;
    view.click();
    await vi.waitFor(() => expect(el.querySelectorAll('.store-restock-admin__signups tbody tr')).toHaveLength(2));
    expect(view.getAttribute('aria-expanded')).toBe('true');
    expect(el.querySelector('.store-restock-admin__signups')?.textContent).toContain('alan@example.com');
    expect(api.callsTo(`GET ${BASE}`)[0]?.search.get('productId')).toBe('p1');
  });

  it('sends one group, then all selected groups, and reloads', async () => {
    api.on(`POST ${BASE}/send`, () => jsonResponse({ sent: 1 }));
    api.on(`POST ${BASE}/send/all`, () => jsonResponse({ sent: 5 }));
    const el = await mount();
    await vi.waitFor(() => expect(rows(el)).toHaveLength(7));
    (el.querySelectorAll('.store-restock-admin__actions button')[1] as HTMLButtonElement).click();
    await vi.waitFor(() => expect(el.querySelector('[role=status]')?.textContent).toBe('Sent 1 restock e-mail.'));
    expect(api.callsTo(`POST ${BASE}/send`)[0]?.body).toEqual({ productId: 'p1', variantId: 'v1' });

    await vi.waitFor(() => expect(rows(el)).toHaveLength(7));
    const boxes = el.querySelectorAll<HTMLInputElement>('input[type=checkbox]');
    boxes[1]?.click();
    boxes[3]?.click();
    await vi.waitFor(() => expect(el.textContent).toContain('Send to selected (2)'));
    [...el.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Send to selected'))?.click();
    await vi.waitFor(() => expect(el.querySelector('[role=status]')?.textContent).toBe('Sent 5 restock e-mails.'));
    expect(api.callsTo(`POST ${BASE}/send/all`)[0]?.body).toEqual({
      sendRequests: [
        { productId: 'p2', variantId: 'v2' },
        { productId: 'p4', variantId: 'v4' },
      ],
    });
  });

  it("shows the server's refusal to a visitor who is not the owner", async () => {
    api.on(`GET ${BASE}/groups`, () => jsonResponse({ message: 'Only the site owner can see restock sign-ups.' }, 403));
    const el = await mount();
    await vi.waitFor(() =>
      expect(el.querySelector('[role=alert]')?.textContent).toBe('Only the site owner can see restock sign-ups.'),
    );
  });

  it('counts sent e-mails in words', () => {
    expect(sentMessage(1)).toBe('Sent 1 restock e-mail.');
    expect(sentMessage(0)).toBe('Sent 0 restock e-mails.');
  });

  it("shows sign-up times in the store's locale and time zone, and its strings", async () => {
    // 2026-03-01 02:30 UTC: February 28 in New York (the default zone), March 1 in Paris.
    const createdOn = Date.UTC(2026, 2, 1, 2, 30);
    api.on(`GET ${BASE}`, () =>
      jsonResponse({
        signUps: [{ id: 's1', email: 'ada@example.com', isJoinMailingList: true, createdOn }],
        hasNextPage: false,
      }),
    );
    const cell = async () => {
      const el = await mount();
      await vi.waitFor(() => expect(rows(el)).toHaveLength(7));
      (el.querySelector('button[aria-expanded]') as HTMLButtonElement).click();
      await vi.waitFor(() => expect(el.querySelectorAll('.store-restock-admin__signups tbody td')).toHaveLength(3));
      return [...el.querySelectorAll('.store-restock-admin__signups tbody td')].map((td) => td.textContent);
    };
    expect(await cell()).toEqual(['ada@example.com', 'Feb 28, 2026, 9:30\u202fPM', 'Yes']);

    document.head.innerHTML = `<script type="application/json" id="store-context">${JSON.stringify({
      locale: 'fr-FR',
      timeZone: 'Europe/Paris',
      messages: { 'restockAdmin.yes': 'Oui' },
    })}</script>`;
    resetStoreContext();
    const french = new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }).format(createdOn);
    expect(french).toMatch(/^1 mars 2026/);
    expect(await cell()).toEqual(['ada@example.com', french, 'Oui']);
  });
});
