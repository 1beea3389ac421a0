import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeXhrFactory } from '../../testing/fake-xhr';
import { browserCensusDeps } from './page-census';
import { parsePageContext } from '../../runtime/session/page-context';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

/** The URL the census's event service sends a commerce event to, on a page with this store context. */
async function eventUrl(context: object): Promise<string | undefined> {
  document.head.innerHTML = `<script type="application/json" id="store-context">${JSON.stringify(context)}</script>`;
  const xhr = fakeXhrFactory(200);
  vi.stubGlobal('XMLHttpRequest', function FakeXMLHttpRequest() {
    return xhr.create();
  });
  vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
  await browserCensusDeps(document, { performance: false }).eventService.track('commerce_event', { event_name: 'x' });
  return xhr.made[0]?.url;
}

describe('event validation mode (QA)', () => {
  it('reads eventValidationMode from the store context, only when it is true', () => {
    expect(parsePageContext({ eventValidationMode: true }).eventValidationMode).toBe(true);
    expect(parsePageContext({ eventValidationMode: 'yes' })).not.toHaveProperty('eventValidationMode');
    expect(parsePageContext({})).not.toHaveProperty('eventValidationMode');
  });

  it("sends the page's events to the validation endpoint while it is on, else to the events call", async () => {
    expect(await eventUrl({ eventValidationMode: true })).toBe('/api/v1/clanker/validate-event-content/commerce_event');
    expect(await eventUrl({})).toBe('/api/v1/clanker/events');
  });
});
