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
