import type { Hono } from 'hono';
import { expect } from 'vitest';
import { VISITOR_ID } from '../../contract/examples/analytics';
import type { TestStore } from './test-store';
import { fromAddress, json, OWNER, type Visitor } from './visitor';

/** Content type of a form the trackers post. */
export const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';
/** Content type of a `navigator.sendBeacon` string body. */
export const BEACON = 'text/plain;charset=UTF-8';
/** Rows of the analytics tables when nothing was stored. */
export const NOTHING = { hits: 0, events: 0, errors: 0, performance: 0 };

/** Calls and row counts the analytics tests share, for the store of the running test. */
export function analyticsCalls(store: TestStore) {
  /** A shopper's browser: it has a crumb and the census visitor cookie. */
  async function shopper(id = VISITOR_ID): Promise<Visitor> {
    const v = store.visitor();
    await v.call('GET', '/shop');
    v.cookies.set('ss_cid', id);
    return v;
  }

  function postForm(v: Visitor, path: string, fields: Record<string, string>) {
    return v.call('POST', path, new URLSearchParams(fields).toString(), { 'content-type': FORM });
  }

  /** What `navigator.sendBeacon` sends: the cookies, a text/plain body and no CSRF header. */
  function beacon(v: Visitor, path: string, body: string, target: Hono = store.app) {
    return target.request(
      path,
      {
        method: 'POST',
        headers: {
          cookie: [...v.cookies].map(([k, value]) => `${k}=${value}`).join('; '),
          'content-type': BEACON,
        },
        body,
      },
      fromAddress(v.address),
    );
  }

  const count = (table: string, where = '1 = 1') =>
    (store.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n;

  function countAll() {
    return {
      hits: count('analytics_hits'),
      events: count('analytics_events'),
      errors: count('analytics_error_reports'),
      performance: count('performance_records'),
    };
  }

  async function expect400(response: Response | Promise<Response>, message: string | RegExp) {
    const r = await response;
    expect(r.status).toBe(400);
    const body = await json(r);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(countAll()).toEqual(NOTHING);
  }

  async function pageLoadId(v: Visitor): Promise<string> {
    const response = await v.call('GET', '/api/1/performance/settings');
    expect(response.status).toBe(200);
    const { pageLoadId: id } = await json(response);
    expect(typeof id).toBe('string');
    return id as string;
  }

  async function owner(): Promise<Visitor> {
    const v = store.visitor();
    expect((await v.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    return v;
  }

  async function analyticsPage(query = ''): Promise<string> {
    const response = await (await owner()).call('GET', `/config/analytics${query}`);
    expect(response.status).toBe(200);
    return response.text();
  }

  return { shopper, postForm, beacon, count, countAll, expect400, pageLoadId, owner, analyticsPage };
}
