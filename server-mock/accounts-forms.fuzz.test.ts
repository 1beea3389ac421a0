import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { issueCaptchaToken } from './store/captcha';
import type { Db } from './store/db';
import { createSubmissionKey } from './store/form-submissions';
import storeData from '../demo-pages/store.json' with { type: 'json' };
import { openTestStore } from './testing/test-store';
import { OWNER, Visitor } from './testing/visitor';

/**
 * Restock, forms, CAPTCHA and session calls under arbitrary input: a 2xx or a 4xx with a JSON
 * message (or, for form submissions, error/errors), never a 500.
 */

let db: Db;
let app: Hono;
let owner: Visitor;
let anonymous: Visitor;

beforeAll(async () => {
  ({ db, app } = openTestStore());
  owner = new Visitor(() => app);
  await owner.signIn(OWNER.email, OWNER.password);
  anonymous = new Visitor(() => app);
  await anonymous.call('GET', '/shop');
});
afterAll(() => db.close());

const FRESH_TOKEN = '<fresh captcha token>';
const FRESH_KEY = '<fresh submission key>';

/** Swaps placeholders for live tokens and keys, so valid paths are reached too. */
function live(text: string): string {
  return text
    .replaceAll(JSON.stringify(FRESH_TOKEN), () => JSON.stringify(issueCaptchaToken(db, 'test-site-key').token))
    .replaceAll(JSON.stringify(FRESH_KEY), () => JSON.stringify(createSubmissionKey(db)));
}

const anything = fc.jsonValue();
const productId = fc.oneof(fc.constantFrom('prod-ceramic-mug', 'prod-linen-shirt', 'prod-nope'), anything);
const variantId = fc.oneof(fc.constantFrom('MUG-1', 'LS-M-INDIGO', 'NOPE', ''), anything);
const contactIds = (storeData.forms.find((f) => f.id === 'contact')?.fields ?? []).map((f) => f.id);

const signUp = fc.record(
  {
    productId,
    variantId,
    siteVisitorEmail: fc.oneof(fc.emailAddress(), fc.string(), anything),
    isJoinMailingList: fc.oneof(fc.boolean(), anything),
    captchaToken: fc.oneof(fc.constant(FRESH_TOKEN), anything),
  },
  { requiredKeys: [] },
);

const answers = fc.oneof(
  fc.dictionary(fc.constantFrom(...contactIds, 'email', 'website-url-hp'), anything).map((a) => JSON.stringify(a)),
  fc.json(),
  fc.string(),
);

const submission = fc.record(
  {
    formId: fc.oneof(fc.constantFrom('contact', 'newsletter', 'redirect', 'form-engraving', 'nope'), anything),
    key: fc.oneof(fc.constant(FRESH_KEY), anything),
    form: fc.oneof(answers, anything),
    captchaKey: fc.oneof(fc.constant(FRESH_TOKEN), anything),
    pageTitle: anything,
    pageId: anything,
    contentSource: fc.oneof(fc.constantFrom('i', 'c'), anything),
    pagePath: anything,
    pagePermissionTypeValue: anything,
  },
  { requiredKeys: [] },
);

const sendRequests = fc.record(
  {
    sendRequests: fc.oneof(
      fc.array(fc.record({ productId, variantId }, { requiredKeys: [] }), { maxLength: 110 }),
      anything,
    ),
  },
  { requiredKeys: [] },
);

const text = (arb: fc.Arbitrary<unknown>) =>
  fc.oneof(
    arb.map((v) => JSON.stringify(v)),
    anything.map((v) => JSON.stringify(v)),
    fc.string(),
  );

const RESTOCK = '/api/site-users/account/notifications/restock';

const CALLS: [method: string, path: string, body: fc.Arbitrary<string>, who: 'owner' | 'anonymous'][] = [
  ['POST', RESTOCK, text(signUp), 'anonymous'],
  ['POST', `${RESTOCK}/send`, text(fc.record({ productId, variantId }, { requiredKeys: [] })), 'owner'],
  ['POST', `${RESTOCK}/send/all`, text(sendRequests), 'owner'],
  ['POST', '/api/form/SaveFormSubmission', text(submission), 'anonymous'],
  ['POST', '/api/form/FormSubmissionKey', fc.string(), 'anonymous'],
  ['POST', '/api/captcha/test-token', text(fc.record({ sitekey: anything }, { requiredKeys: [] })), 'anonymous'],
  [
    'POST',
    '/api/site-users/account/session',
    text(fc.record({ email: anything, password: anything, rememberMe: anything }, { requiredKeys: [] })),
    'anonymous',
  ],
];

const calls = fc.oneof(
  ...CALLS.map(([method, path, body, who]) => body.map((text) => [method, path, text, who] as const)),
);

describe('accounts, restock, forms and CAPTCHA under arbitrary input', () => {
  it('answer any body with 2xx or a 4xx JSON error, never a 500', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(calls, async ([method, path, body, who]) => {
        const response = await (who === 'owner' ? owner : anonymous).call(method, path, live(body));
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, `${method} ${path} ${body}`).toBeLessThan(500);
        if (response.status >= 400) {
          const json = (await response.json()) as Record<string, unknown>;
          const said = [json.message, json.error].some((m) => typeof m === 'string');
          expect(said || typeof json.errors === 'object', JSON.stringify(json)).toBe(true);
        }
      }),
      { numRuns: 600 },
    );
    // The bodies reach the stored path as well as the refusals.
    for (const status of [200, 400]) expect(statuses.get(status), `status ${status}`).toBeGreaterThan(0);
  });

  it('answer arbitrary queries and form posts without a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.string(), async (a, b, cursor) => {
        const q = (s: string) => encodeURIComponent(s);
        const calls: [Visitor, string, string][] = [
          [owner, 'GET', `${RESTOCK}/groups?cursor=${q(cursor)}`],
          [owner, 'GET', `${RESTOCK}?productId=${q(a)}&variantId=${q(b)}&cursor=${q(cursor)}`],
          [owner, 'GET', `${RESTOCK}?productId=prod-ceramic-mug&variantId=MUG-1&cursor=${q(cursor)}`],
          [anonymous, 'GET', `/api/template/GetTemplateSchema?type=form&id=${q(a)}`],
          [anonymous, 'DELETE', `/api/site-users/account/session?cloneCart=${q(a)}`],
          [anonymous, 'GET', `/account/login?next=${q(a)}`],
          [anonymous, 'GET', `/config/${q(a)}`],
        ];
        for (const [who, method, path] of calls) {
          expect((await who.call(method, path)).status, path).toBeLessThan(500);
        }
        const form = await anonymous.call(
          'POST',
          '/account/login',
          `email=${q(a)}&password=${q(b)}&next=${q(cursor)}`,
          {
            'content-type': 'application/x-www-form-urlencoded',
          },
        );
        expect(form.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
