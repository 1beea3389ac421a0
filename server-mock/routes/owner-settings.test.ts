import { describe, expect, it } from 'vitest';
import { commerceSettings } from '../store/settings';
import { expectOwnersOnly } from '../testing/owners-only';
import { storePerTest } from '../testing/test-store';
import { OWNER, type Visitor } from '../testing/visitor';

const store = storePerTest();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function owner(): Promise<Visitor> {
  const v = store.visitor();
  expect((await v.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  return v;
}

/** The codes of the checked flag boxes on the settings page. */
function checked(html: string): number[] {
  return [...html.matchAll(/<input id="flag-(\d+)"[^>]*?( checked)?>/g)].filter((m) => m[2]).map((m) => Number(m[1]));
}

function post(v: Visitor, fields: [string, string][]) {
  return v.call('POST', '/config/settings', new URLSearchParams(fields).toString(), FORM);
}

/** The `enabledFeatures` of a page's store context. */
async function enabledOn(v: Visitor, path: string): Promise<number[]> {
  const html = await (await v.call('GET', path)).text();
  const json = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return (JSON.parse(json) as { enabledFeatures: number[] }).enabledFeatures;
}

describe('/config/settings', () => {
  it('sends visitors to sign in and refuses a viewer', async () => {
    const viewer = await expectOwnersOnly(store, '/config/settings');
    const refused = await post(viewer, [
      ['crumb', viewer.cookies.get('crumb') ?? ''],
      ['feature', '40'],
    ]);
    expect(refused.status).toBe(403);
    expect(commerceSettings(store.db).enabledFeatures).toEqual([40, 50, 64, 66, 68]);
  });

  it("shows the owner every numbered flag, checked when on, and saves the owner's choice", async () => {
    const v = await owner();
    const page = await (await v.call('GET', '/config/settings')).text();
    expect(checked(page)).toEqual([40, 50, 64, 66, 68]);
    expect(page).toContain('<label for="flag-70">Klarna (70)</label>');
    expect(page).not.toContain('Settings saved.');

    const saved = await post(v, [
      ['crumb', v.cookies.get('crumb') ?? ''],
      ['feature', '40'],
      ['feature', '70'],
    ]);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/config/settings?saved=1');
    const after = await (await v.call('GET', '/config/settings?saved=1')).text();
    expect(after).toContain('Settings saved.');
    expect(checked(after)).toEqual([40, 70]);
    // Every page's store context follows at once.
    expect(await enabledOn(store.visitor(), '/shop/p/linen-shirt')).toEqual([40, 70]);

    expect((await post(v, [['crumb', v.cookies.get('crumb') ?? '']])).status).toBe(303);
    expect(commerceSettings(store.db).enabledFeatures).toEqual([]);
  });

  it('refuses a form without the crumb, or with an unknown flag, and changes nothing', async () => {
    const v = await owner();
    const forged = await post(v, [['feature', '40']]);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('Your session has expired');
    const unknown = await post(v, [
      ['crumb', v.cookies.get('crumb') ?? ''],
      ['feature', '40'],
      ['feature', '12'],
    ]);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Unknown feature flag: 12.');
    const junk = await post(v, [
      ['crumb', v.cookies.get('crumb') ?? ''],
      ['feature', '<b>x</b>'],
    ]);
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain('Unknown feature flag: &lt;b&gt;x&lt;/b&gt;.');
    expect(commerceSettings(store.db).enabledFeatures).toEqual([40, 50, 64, 66, 68]);
  });
});
