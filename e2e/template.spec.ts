import type * as Engine from '../template/index';
import { expect, test } from './fixtures';

test('dist/template.js compiles and renders templates in the browser', async ({ page }) => {
  await page.goto('/qa/no-widgets');
  const result = await page.evaluate(async () => {
    const engine = (await import('/template.js' as string)) as typeof Engine;
    const { code, errors } = engine.compile('{.repeated section items}<li>{name|html}</li>{.end}{.eval 6 * 7}');
    const rendered = engine.execute(code, { items: [{ name: 'Tea & <Cake>' }, { name: 'Pie' }] });
    return { compileErrors: errors.length, ...rendered };
  });
  expect(result).toEqual({ compileErrors: 0, output: '<li>Tea &amp; &lt;Cake&gt;</li><li>Pie</li>42', errors: [] });
});

test('subscription prices billed yearly are worded in years in the browser', async ({ page }) => {
  await page.goto('/qa/no-widgets');
  const outputs = await page.evaluate(async () => {
    const engine = (await import('/template.js' as string)) as typeof Engine;
    const { code } = engine.compile('{@|product-price}');
    const product = (unit: string, value: number, numBillingCycles: number) => ({
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit, value }, numBillingCycles },
        variants: [{ priceMoney: { currency: 'USD', value: '10.00' }, onSale: false }],
      },
    });
    return [product('YEAR', 1, 0), product('YEAR', 2, 3), product('DAY', 1, 0)].map((data) =>
      engine
        .execute(code, data)
        .output.replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  });
  expect(outputs).toEqual(['10.00 every year', '10.00 every 2 years for 6 years', 'Unavailable']);
});
