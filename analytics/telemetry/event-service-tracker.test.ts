import { describe, expect, it, vi } from 'vitest';
import { createEventServiceTracker } from './event-service-tracker';
import { fakeXhrFactory } from '../../testing/fake-xhr';

describe('event service tracker', () => {
  it('sends {eventSchemaName, eventContent as a JSON string} by beacon', async () => {
    const sendBeacon = vi.fn((_url: string, _data: string) => true);
    const tracker = createEventServiceTracker({ sendBeacon, createXhr: fakeXhrFactory(200).create, warn: vi.fn() });
    await tracker.track('commerce_event', { event_name: 'view_cart', cart_value: 12.5 });
    const [url, data] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/clanker/events');
    const parsed = JSON.parse(data ?? '');
    expect(parsed).toEqual({
      eventSchemaName: 'commerce_event',
      eventContent: '{"event_name":"view_cart","cart_value":12.5}',
    });
    expect(typeof parsed.eventContent).toBe('string');
  });

  it.each([200, 202])('XHR status %i is success', async (status) => {
    const xhr = fakeXhrFactory(status);
    const warn = vi.fn();
    const tracker = createEventServiceTracker({ sendBeacon: () => false, createXhr: xhr.create, warn });
    await expect(tracker.track('s', {})).resolves.toBeUndefined();
    expect(xhr.made[0]?.headers['Content-Type']).toBe('application/json');
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([201, 400, 500, 0])(
    "status %i logs 'Error tracking event: HTTP Status {code}' and rejects",
    async (status) => {
      const warn = vi.fn();
      const tracker = createEventServiceTracker({ createXhr: fakeXhrFactory(status).create, warn });
      await expect(tracker.track('s', {})).rejects.toThrow(`Error tracking event: HTTP Status ${status}`);
      expect(warn).toHaveBeenCalledWith(`Error tracking event: HTTP Status ${status}`);
    },
  );

  it('validation mode posts to the validation endpoint of the schema, by XHR (its answer matters)', async () => {
    const sendBeacon = vi.fn((_url: string, _data: string) => true);
    const keepaliveBeacon = vi.fn(async () => undefined);
    const xhrs = fakeXhrFactory(200);
    const tracker = createEventServiceTracker({
      sendBeacon,
      keepaliveBeacon,
      pageHidden: () => false,
      createXhr: xhrs.create,
      crumb: () => 'crumb-1',
      warn: vi.fn(),
      validationMode: true,
    });
    await tracker.track('commerce_event', {});
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(keepaliveBeacon).not.toHaveBeenCalled();
    expect(xhrs.made[0]?.url).toBe('/api/v1/clanker/validate-event-content/commerce_event');
    expect(xhrs.made[0]?.headers['X-CSRF-Token']).toBe('crumb-1');
  });
});
