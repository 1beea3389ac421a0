import { describe, expect, it, vi } from 'vitest';
import { CATALOG_API } from '../../contract/catalog-admin';
import { getProduct, listProducts } from '../store/catalog';
import { setSetting } from '../store/settings';
import { storePerTest } from '../testing/test-store';
import { json, OWNER, VIEWER, type Visitor } from '../testing/visitor';

const store = storePerTest({ catalogAdmin: { maxImportBytes: 2000, chunkRows: 2 } });

async function signedIn(account: { email: string; password: string } = OWNER): Promise<Visitor> {
  const v = store.visitor();
  expect((await v.signIn(account.email, account.password)).status).toBe(200);
  return v;
}

/** Posts a CSV and waits for its job to end; returns the upload's answer and the last job. */
async function importCsv(v: Visitor, text: string, fileName = 'products.csv') {
  const upload = await v.call('POST', `${CATALOG_API}/import?fileName=${encodeURIComponent(fileName)}`, text, {
    'content-type': 'text/csv',
  });
  const first = await json(upload);
  if (upload.status !== 202) return { status: upload.status, job: first };
  let job = first;
  await vi.waitFor(async () => {
    job = await json(await v.call('GET', `${CATALOG_API}/import/${first.id as string}`));
    expect(job.status).not.toBe('running');
  });
  return { status: upload.status, job };
}

/** Starts importing `count` new products (`{sku}-{i}`, named `{name} {i}`) from `fileName`; answers the job's id. */
async function startImport(v: Visitor, fileName: string, count: number, sku: string, name: string): Promise<string> {
  const rows = Array.from({ length: count }, (_, i) => `${sku}-${i},${name} ${i},,1,1\r\n`).join('');
  const upload = await v.call(
    'POST',
    `${CATALOG_API}/import?fileName=${fileName}`,
    `SKU,Product,Type,Price,Stock\r\n${rows}`,
  );
  return (await json(upload)).id as string;
}

describe('tags and categories', () => {
  it('adds, renames and removes; duplicates in any case, bad kinds and long names are 4xx', async () => {
    const v = await signedIn();
    expect((await v.call('POST', `${CATALOG_API}/terms`, { type: 'tag', name: ' Summer  sale ' })).status).toBe(201);
    expect(await json(await v.call('POST', `${CATALOG_API}/terms`, { type: 'tag', name: 'summer sale' }))).toEqual({
      message: 'This tag already exists',
    });
    const bad = await v.call('POST', `${CATALOG_API}/terms`, { type: 'colour', name: 'Red' });
    expect([bad.status, (await json(bad)).message]).toEqual([400, 'colour is not one of the expected options']);
    expect((await v.call('POST', `${CATALOG_API}/terms`, { type: 'category', name: 'x'.repeat(26) })).status).toBe(400);
    expect((await v.call('POST', `${CATALOG_API}/terms`, { type: 'category', name: 'x'.repeat(25) })).status).toBe(201);
    expect((await v.call('POST', `${CATALOG_API}/terms`, { type: 'tag', name: 'y'.repeat(51) })).status).toBe(400);
    await v.call('POST', `${CATALOG_API}/terms`, { type: 'category', name: 'Mugs' });
    const clash = await v.call('PUT', `${CATALOG_API}/terms/category/Mugs`, { name: 'X'.repeat(25) });
    expect([clash.status, (await json(clash)).message]).toEqual([409, 'This category already exists']);
    expect((await v.call('PUT', `${CATALOG_API}/terms/tag/Summer%20sale`, { name: 'Winter' })).status).toBe(200);
    expect((await v.call('DELETE', `${CATALOG_API}/terms/category/Mugs`)).status).toBe(200);
    const gone = await v.call('DELETE', `${CATALOG_API}/terms/category/Mugs`);
    expect([gone.status, (await json(gone)).message]).toEqual([404, 'Unable to locate content']);
    expect(await json(await v.call('GET', `${CATALOG_API}/terms`))).toEqual({
      tags: ['Winter'],
      categories: ['x'.repeat(25)],
    });
  });

  it('takes names with slashes, percent signs and spaces in the path', async () => {
    const v = await signedIn();
    for (const name of ['Tops/Tees', '100% wool', 'a b?c#d']) {
      expect((await v.call('POST', `${CATALOG_API}/terms`, { type: 'tag', name })).status).toBe(201);
      const path = `${CATALOG_API}/terms/tag/${encodeURIComponent(name)}`;
      expect((await v.call('PUT', path, { name: `${name}!` })).status).toBe(200);
      expect((await v.call('DELETE', `${CATALOG_API}/terms/tag/${encodeURIComponent(`${name}!`)}`)).status).toBe(200);
    }
    expect(await json(await v.call('GET', `${CATALOG_API}/terms`))).toEqual({ tags: [], categories: [] });
  });

  it('is for owners only', async () => {
    expect((await store.visitor().call('GET', `${CATALOG_API}/terms`)).status).toBe(401);
    expect((await (await signedIn(VIEWER)).call('GET', `${CATALOG_API}/terms`)).status).toBe(403);
    // Without the crumb header a change is refused.
    const v = await signedIn();
    expect(
      (await v.call('POST', `${CATALOG_API}/terms`, { type: 'tag', name: 'A' }, { 'x-csrf-token': 'nope' })).status,
    ).toBe(403);
  });
});

describe('product import', () => {
  it('creates and updates row by row and lists refused rows', async () => {
    const v = await signedIn();
    const csv =
      'SKU,Product,Type,Price,Stock\r\nMUG-1,,,19.50,7\r\nNEW-1,"Tea, green",digital,4,\r\n' +
      'NEW-2,Box,furniture,5,1\r\nMUG-1,,,1,1\r\nNEW-3,,,2,2\r\n';
    const { status, job } = await importCsv(v, csv);
    expect(status).toBe(202);
    expect(job).toMatchObject({ status: 'done', processed: 5, total: 5, created: 1, updated: 1 });
    expect(job.refused).toEqual([
      { row: 4, reason: 'furniture is not one of the expected options' },
      { row: 5, reason: 'SKU MUG-1 is already on row 2.' },
      { row: 6, reason: 'SKU NEW-3 is new: give its Product name.' },
    ]);
    expect(getProduct(store.db, 'prod-ceramic-mug')?.variants[0]).toMatchObject({ priceCents: 1950, qtyInStock: 7 });
    expect(getProduct(store.db, 'prod-tea-green')).toMatchObject({ name: 'Tea, green', productType: 2 });
  });

  it('makes physical and service products subscribable (Subscribable column), refusing other types row by row', async () => {
    const v = await signedIn();
    const csv =
      'SKU,Product,Type,Price,Subscribable\r\nBOX-1,Tea box,physical,30,yes\r\nEBOOK-1,Tea book,digital,9,yes\r\n' +
      'CARD-1,Tea card,gift card,25,no\r\nMUG-1,,,19.50,yes\r\nBOX-2,Tea club,service,12,maybe\r\n';
    const { job } = await importCsv(v, csv);
    expect(job).toMatchObject({ status: 'done', created: 2, updated: 1 });
    expect(job.refused).toEqual([
      { row: 3, reason: 'Only physical and service products can be subscribable.' },
      { row: 6, reason: 'maybe is not one of the expected options' },
    ]);
    expect(getProduct(store.db, 'prod-tea-box')?.isSubscribable).toBe(true);
    expect(getProduct(store.db, 'prod-tea-card')?.isSubscribable).toBe(false);
    expect(getProduct(store.db, 'prod-ceramic-mug')?.isSubscribable).toBe(true);
    expect(getProduct(store.db, 'prod-tea-book')).toBeUndefined();
    // A known digital product cannot be made subscribable either.
    const digital = await importCsv(v, 'SKU,Price,Subscribable\r\nCARD-1,25,true\r\n');
    expect(digital.job.refused).toEqual([
      { row: 2, reason: 'Only physical and service products can be subscribable.' },
    ]);
  });

  it('the catalog itself refuses a subscribable product of another type, whatever writes it', () => {
    const write = () => store.db.prepare('UPDATE products SET is_subscribable = 1 WHERE product_type = 2').run();
    expect(write).toThrow('Only physical and service products can be subscribable.');
    const retype = () => store.db.prepare('UPDATE products SET product_type = 2 WHERE is_subscribable = 1').run();
    expect(retype).toThrow('Only physical and service products can be subscribable.');
  });

  it('refuses whole files with the spec messages and changes nothing', async () => {
    const v = await signedIn();
    const before = JSON.stringify(listProducts(store.db));
    const refusal = async (text: string, fileName = 'p.csv') => {
      const { status, job } = await importCsv(v, text, fileName);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      return job.message as string;
    };
    expect(await refusal('SKU,Price\r\nA,1\r\n', 'p.xlsx')).toBe('p.xlsx does not appear to be a supported file');
    expect(await refusal('"SKU,Price\r\n')).toBe('p.csv does not appear to be a supported file');
    expect(await refusal('a\u0000b')).toBe('p.csv does not appear to be a supported file');
    expect(await refusal('')).toBe('dataset must have at least one column');
    expect(await refusal('SKU,Price\r\n\r\n')).toBe('dataset must have at least one row');
    expect(await refusal('SKU,Price\r\nMUG-1\r\n')).toBe('One or more rows was missing data');
    expect(await refusal('SKU,Price\r\nMUG-1,\r\n')).toBe('One or more rows was missing data');
    expect(await refusal('SKU,Colour,Price\r\nMUG-1,red,1\r\n')).toBe('Colour is not one of the expected options');
    expect(await refusal('SKU,Price,sku\r\nMUG-1,1,x\r\n')).toBe('The column SKU appears twice.');
    expect(await refusal(`SKU,Price\r\n${'A,1\r\n'.repeat(600)}`, 'big.csv')).toBe(
      'The file big.csv is too large. The maximum allowed file size is 2 KB',
    );
    expect(await refusal('SKU,Price\r\nA,1\r\n', '')).toBe('Please enter a file name');
    expect(JSON.stringify(listProducts(store.db))).toBe(before);
  });

  it('refuses a streamed file past the limit with 413 while reading it, without a Content-Length', async () => {
    const v = await signedIn();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 100) controller.close();
        else controller.enqueue(new TextEncoder().encode('A,1\r\n'.repeat(100)));
      },
    });
    const response = await store.app.request(`${CATALOG_API}/import?fileName=s.csv`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        cookie: [...v.cookies].map(([k, c]) => `${k}=${c}`).join('; '),
        'x-csrf-token': v.cookies.get('crumb') ?? '',
        'content-type': 'text/csv',
      },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe('The file s.csv is too large. The maximum allowed file size is 2 KB');
    // It stopped reading soon after the limit (2 KB: the fifth 500-byte chunk), not at the end of the stream.
    expect(pulled).toBeLessThan(100);
  });

  it('a cancelled job writes nothing; an unknown job is 404', async () => {
    const v = await signedIn();
    // The job's chunks run on timers: fake ones, so every step it scheduled can be run to the end.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const id = await startImport(v, 'c.csv', 40, 'C', 'Thing');
    expect((await json(await v.call('DELETE', `${CATALOG_API}/import/${id}`))).status).toBe('cancelled');
    await vi.runAllTimersAsync();
    expect(getProduct(store.db, 'prod-thing-0')).toBeUndefined();
    expect((await v.call('GET', `${CATALOG_API}/import/nope`)).status).toBe(404);
  });

  it('a job that has begun to write runs to its end, cancelled or not', async () => {
    const v = await signedIn();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const id = await startImport(v, 'w.csv', 10, 'W', 'Written');
    // 10 rows, 2 a step: five steps check them, the sixth writes the first two.
    for (let i = 0; i < 6; i++) await vi.advanceTimersToNextTimerAsync();
    expect(getProduct(store.db, 'prod-written-0')).toBeDefined();
    expect((await json(await v.call('DELETE', `${CATALOG_API}/import/${id}`))).status).toBe('running');
    await vi.runAllTimersAsync();
    expect(await json(await v.call('GET', `${CATALOG_API}/import/${id}`))).toMatchObject({
      status: 'done',
      created: 10,
    });
  });

  it('exports every variant as CSV under the name given, and asks for a name', async () => {
    const v = await signedIn();
    const none = await v.call('GET', `${CATALOG_API}/export?fileName=%20`);
    expect([none.status, (await json(none)).message]).toEqual([400, 'Please enter a file name']);
    const response = await v.call('GET', `${CATALOG_API}/export?fileName=my%20shop`);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="my shop.csv"');
    const text = await response.text();
    expect(text.startsWith('SKU,Product,Type,Price,Stock\r\n')).toBe(true);
    expect(text).toContain('MUG-1,');
    // What it exports imports back as updates only (the first rows: this store takes 2 KB files).
    const { job } = await importCsv(v, text.split('\r\n').slice(0, 20).join('\r\n'), 'my shop.csv');
    expect(job).toMatchObject({ status: 'done', created: 0, refused: [] });
  });
});

describe('product import from a spreadsheet', () => {
  it('leaves out columns without a name (trailing commas)', async () => {
    const v = await signedIn();
    const { job } = await importCsv(v, 'SKU,Price,\r\nMUG-1,3.00,\r\nMUG-1,4.00\r\n');
    expect(job).toMatchObject({
      status: 'done',
      updated: 1,
      refused: [{ row: 3, reason: 'SKU MUG-1 is already on row 2.' }],
    });
    expect(getProduct(store.db, 'prod-ceramic-mug')?.variants[0]?.priceCents).toBe(300);
  });

  it("reads and writes prices in the store's currency: whole yen in a JPY store", async () => {
    setSetting(store.db, 'selected_currency', 'JPY');
    const v = await signedIn();
    const { job } = await importCsv(v, 'SKU,Price\r\nMUG-1,2400\r\nGUIDE-PDF,1200.4\r\n');
    expect(job).toMatchObject({ status: 'done', updated: 2, refused: [] });
    expect(getProduct(store.db, 'prod-ceramic-mug')?.variants[0]?.priceCents).toBe(2400);
    expect(getProduct(store.db, 'prod-field-guide')?.variants[0]?.priceCents).toBe(1200);
    const text = await (await v.call('GET', `${CATALOG_API}/export?fileName=shop`)).text();
    expect(text).toContain('MUG-1,Ceramic Mug,physical,2400,');
  });
});

describe('platform limits in the catalog', () => {
  it('imports past 200 products (a collection page, not the catalog), and the shop lists them 200 a page', async () => {
    store.reopen({ catalogAdmin: { maxImportBytes: 100_000, chunkRows: 50 } });
    const v = await signedIn();
    const { n } = store.db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number };
    const extra = 200 - n + 2;
    const rows = Array.from({ length: extra }, (_, i) => `LIM-${i},Limit ${i},physical,1,1`).join('\r\n');
    const { job } = await importCsv(v, `SKU,Product,Type,Price,Stock\r\n${rows}\r\n`);
    expect(job).toMatchObject({ status: 'done', created: extra, refused: [] });
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM products').get()).toEqual({ n: 202 });
    const shop = await (await v.call('GET', '/shop')).text();
    expect(shop.match(/<li class="card">/g)).toHaveLength(200);
  });

  it('refuses a category past 10,000 with a 409 and its message', async () => {
    const v = await signedIn();
    const insert = store.db.prepare("INSERT INTO product_terms (kind, name) VALUES ('category', ?)");
    store.db.transaction(() => {
      for (let i = 0; i < 9_999; i++) insert.run(`c${i}`);
    })();
    expect((await v.call('POST', `${CATALOG_API}/terms`, { type: 'category', name: 'last' })).status).toBe(201);
    const refused = await v.call('POST', `${CATALOG_API}/terms`, { type: 'category', name: 'one more' });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({ message: 'A store holds at most 10,000 categories.' });
    expect(
      (await v.call('POST', `${CATALOG_API}/terms`, { type: 'tag', name: 'tags are not categories' })).status,
    ).toBe(201);
  });
});

describe('collections', () => {
  it("lists the shop and the content pages' collections with their items and limits, to owners only", async () => {
    expect((await store.visitor().call('GET', `${CATALOG_API}/collections`)).status).toBe(401);
    const v = await signedIn();
    const { collections } = await json(await v.call('GET', `${CATALOG_API}/collections`));
    const products = (store.db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n;
    expect(collections.map((c: { id: string }) => c.id)).toEqual(['shop', 'journal', 'events', 'gallery']);
    expect(collections[0]).toEqual({ id: 'shop', title: 'Shop', path: '/shop', items: products, limit: 200 });
    expect(collections[3]).toMatchObject({ path: '/gallery', limit: 50 });
  });
});
