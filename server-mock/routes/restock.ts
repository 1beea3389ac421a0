import { Hono } from 'hono';
import type { RestockGroupsPage, RestockSendResponse, RestockSignUpsPage } from '../../contract/restock';
import { readJsonObject } from '../http/read-json-object';
import { ownerOnly, type Refusal } from '../middleware/site-user-session';
import type { CaptchaCheck } from '../store/captcha';
import type { Db } from '../store/db';
import {
  addRestockSignUp,
  listRestockGroups,
  listRestockSignUps,
  parseSendRequests,
  sendRestockEmails,
} from '../store/restock';

/** Where the restock calls live. */
export const RESTOCK_API = '/api/site-users/account/notifications/restock';

/** Why an owner call was refused (401 signed out, 403 not an owner). */
export const OWNER_MESSAGES: Record<Refusal, string> = {
  'signed-out': 'Please sign in to manage restock notifications.',
  'not-owner': 'Your account does not have permission to manage restock notifications.',
};

/** Options of {@link restockRoutes}. */
export interface RestockRouteOptions {
  /** Rows per page of the owner's lists. */
  pageSize: number;
  /** The store's public origin: where the e-mails' links point (never the request's Host header). */
  publicOrigin: () => string;
  /** Verifies and spends a sign-up's CAPTCHA token (the store's provider). */
  captcha: CaptchaCheck;
}

/** Back-in-stock sign-ups (anyone) and the owner's lists and sends (storefront spec, section 7 "Restock"). */
export function restockRoutes(db: Db, { pageSize, publicOrigin, captcha }: RestockRouteOptions): Hono {
  const app = new Hono();
  const owner = ownerOnly(db, (c, why) => c.json({ message: OWNER_MESSAGES[why] }, why === 'signed-out' ? 401 : 403));

  app.post('/', async (c) => {
    const body = await readJsonObject(c);
    await addRestockSignUp(
      db,
      {
        productId: body.productId,
        variantId: body.variantId,
        siteVisitorEmail: body.siteVisitorEmail,
        isJoinMailingList: body.isJoinMailingList,
        captchaToken: body.captchaToken,
      },
      captcha,
    );
    return c.json({});
  });

  app.get('/groups', owner, (c) => {
    const page = listRestockGroups(db, c.req.query('cursor'), pageSize);
    return c.json({
      signUpGroups: page.items,
      hasNextPage: page.hasNextPage,
      nextPageCursor: page.nextPageCursor,
    } satisfies RestockGroupsPage);
  });

  app.get('/', owner, (c) => {
    const { productId, variantId, cursor } = c.req.query();
    const page = listRestockSignUps(db, productId, variantId, cursor, pageSize);
    return c.json({
      signUps: page.items,
      hasNextPage: page.hasNextPage,
      nextPageCursor: page.nextPageCursor,
    } satisfies RestockSignUpsPage);
  });

  app.post('/send', owner, async (c) => {
    const { productId, variantId } = await readJsonObject(c);
    return c.json({
      sent: await sendRestockEmails(db, [{ productId, variantId }], publicOrigin()),
    } satisfies RestockSendResponse);
  });

  app.post('/send/all', owner, async (c) => {
    const requests = parseSendRequests((await readJsonObject(c)).sendRequests);
    return c.json({ sent: await sendRestockEmails(db, requests, publicOrigin()) } satisfies RestockSendResponse);
  });

  return app;
}
