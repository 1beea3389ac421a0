import { Hono } from 'hono';
import { INFO_PROVIDERS, installmentInfoPage } from '../content/installment-info';

/** The installment pill's info modal: a static HTML fragment per shopper language and account country. */
export function installmentRoutes(): Hono {
  const app = new Hono();

  app.get('/installments/info', (c) => {
    const provider = c.req.query('provider');
    if (provider !== undefined && !(INFO_PROVIDERS as readonly string[]).includes(provider)) {
      return c.json({ message: `provider must be one of ${INFO_PROVIDERS.join(', ')}.` }, 400);
    }
    const page = installmentInfoPage(
      c.req.query('language'),
      c.req.query('country'),
      provider as (typeof INFO_PROVIDERS)[number] | undefined,
    );
    if (page === undefined) {
      return c.json({ message: 'There is no installment information for this language, country and provider.' }, 404);
    }
    return c.body(page, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return app;
}
