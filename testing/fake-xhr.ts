import type { XhrLike } from '../analytics/telemetry/beacon-or-xhr';

/** An XHR that records what was sent and answers with `status` (unit tests). */
export interface FakeXhr extends XhrLike {
  method?: string;
  url?: string;
  headers: Record<string, string>;
  body?: string;
}

export function fakeXhrFactory(status: number): { create: () => FakeXhr; made: FakeXhr[] } {
  const made: FakeXhr[] = [];
  const create = () => {
    const xhr: FakeXhr = {
      headers: {},
      readyState: 0,
      status: 0,
      onreadystatechange: null,
      open(method, url) {
        xhr.method = method;
        xhr.url = url;
        (xhr as { readyState: number }).readyState = 1;
      },
      setRequestHeader(name, value) {
        xhr.headers[name] = value;
      },
      send(body) {
        xhr.body = body;
        queueMicrotask(() => {
          (xhr as { readyState: number }).readyState = 4;
          (xhr as { status: number }).status = status;
          xhr.onreadystatechange?.(new Event('readystatechange'));
        });
      },
    };
    made.push(xhr);
    return xhr;
  };
  return { create, made };
}
