import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { checkAddToCart, variantOptions } from '../../contract/add-to-cart-check';
import { ProductType } from '../../contract/enumerations';
import { CART_STRINGS } from '../../contract/widget-messages/cart';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { ERROR_STRINGS } from '../../contract/widget-messages/error';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { createSubmissionKey, saveFormSubmission } from '../store/form-submissions';
import { getFormDefinition } from '../store/forms';
import { addRestockSignUp } from '../store/restock';
import { createSubscriptionCart, removeEntry, updateEntryQuantity, type StockHold } from '../store/carts';
import { getProductBySlug, type ProductRecord } from '../store/catalog';
import type { CaptchaCheck } from '../store/captcha';
import type { Db } from '../store/db';
import { StoreError } from '../store/store-error';
import { addressKey } from '../http/address-key';
import { cartIdOf, rememberCart } from '../http/cart-cookie';
import { FORM_KEY_FIELD, isFormKey } from '../http/form-key';
import { errorHtml } from '../pages/error-html';
import { answerPageFormPost, claimPageFormPost, postDigest, releasePageFormPost } from '../store/page-form-posts';
import { HttpError, STATUS_OF_KIND } from '../http/http-error';
import { type PageRefusal } from '../http/page-refusal';
import {
  fieldText,
  pageFormRefusal,
  readFormFields,
  REFUSAL_STATUS,
  type FormFields,
  type PageFormRefusal,
} from '../http/page-form';
import { optionField, siteText, type ProductFormState } from '../pages/product-forms';
import type { CartFormState } from '../pages/cart-forms';
import { postedAnswers, type SiteFormState } from '../pages/site-form-view';
import type { SiteInfo } from '../pages/page-data';
import { addToCart, subscriptionsOn } from './commerce';
import { submissionAnswer } from './forms';

/** Renders a page with what its form was posted with (and why it was refused), at `status`. */
export type FormPage<S> = (c: Context, state: S, status: ContentfulStatusCode) => Response | Promise<Response>;

/** What the page-form handlers need besides the store. */
export interface PageFormOptions {
  site: () => SiteInfo;
  hold: StockHold;
  /** The limit of restock sign-ups (the same counter as the JSON call's). */
  restockLimit: MiddlewareHandler;
  /** The limit of site-form submissions (the same counter as the JSON call's). */
  formLimit: MiddlewareHandler;
  /** The store's CAPTCHA check (these forms are the ones without a CAPTCHA: it refuses any that ask). */
  captcha: CaptchaCheck;
}

/** Runs `limit` on a page's post only when its `form` field is `name` (the product page's restock form). */
export function forForm(name: string, limit: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => (fieldText(await readFormFields(c), 'form') === name ? limit(c, next) : next());
}

/** The words of a refusal, in the site's language. */
function refusalText(site: SiteInfo, refusal: PageFormRefusal): string {
  const t = siteText(site, ERROR_STRINGS);
  if (refusal === 'rate-limited') return t('error.rateLimited');
  return refusal === 'cookies-off' ? t('error.enableCookies') : t('error.sessionExpired');
}

/** A refusal of the store or a route check as the page shows it: its message and the status the JSON call answers with. */
function storeRefusal(error: unknown): { message: string; status: ContentfulStatusCode } {
  if (error instanceof StoreError) return { message: error.message, status: STATUS_OF_KIND[error.kind] };
  if (error instanceof HttpError) return { message: error.message, status: error.status };
  throw error;
}

/** The page the form was posted to, with `?status=` for the page after the redirect (other query kept). */
export function afterPost(c: Context, status: string, hash = ''): string {
  const url = new URL(c.req.url);
  url.searchParams.set('status', status);
  return `${url.pathname}${url.search}${hash}`;
}

/** The posted option choices of `product` (`option.Size` -> Size), unchosen ones left out. */
function postedSelection(product: ProductRecord, fields: FormFields): Record<string, string> {
  const selection: Record<string, string> = {};
  for (const option of variantOptions(product.variants, product.variantOptionOrdering)) {
    const value = fieldText(fields, optionField(option.name));
    if (value) selection[option.name] = value;
  }
  return selection;
}

/** The restock form's fields as posted. */
function postedRestock(fields: FormFields) {
  return {
    email: fieldText(fields, 'email'),
    variantId: fieldText(fields, 'variantId'),
    join: fieldText(fields, 'isJoinMailingList') === 'true',
  };
}

/**
 * A product page's form refused (its add or restock form as posted, with the words of
 * `refusal`), at the refusal's status; a product that is not there is the page's 404.
 */
function refusedProductForm(db: Db, options: PageFormOptions, page: FormPage<ProductFormState>) {
  return async (c: Context, refusal: PageFormRefusal): Promise<Response> => {
    const product = getProductBySlug(db, c.req.param('slug') ?? '');
    if (!product) return page(c, {}, 404);
    const fields = await readFormFields(c);
    const message = refusalText(options.site(), refusal);
    if (fieldText(fields, 'form') === 'restock') {
      return page(c, { restock: { ...postedRestock(fields), error: message } }, REFUSAL_STATUS[refusal]);
    }
    const quantity = fields.quantity === undefined ? '1' : fieldText(fields, 'quantity');
    const add = { selection: postedSelection(product, fields), quantity, error: { message, field: 'form' as const } };
    return page(c, { add }, REFUSAL_STATUS[refusal]);
  };
}

/** The page a limit answers a product page's post with: its form as posted, with the limit's words. */
export function productFormRefusal(db: Db, options: PageFormOptions, page: FormPage<ProductFormState>): PageRefusal {
  const refused = refusedProductForm(db, options, page);
  return (c) => (getProductBySlug(db, c.req.param('slug') ?? '') ? refused(c, 'rate-limited') : undefined);
}

/**
 * A product page's forms (POST to the page itself, `form` = `add` or `restock`): add to cart
 * through the same checks and call as the widget, or a restock sign-up through the same call as
 * the JSON route; then back to the page (`?status=`), or the page again with the message.
 */
export function productFormHandler(db: Db, options: PageFormOptions, page: FormPage<ProductFormState>) {
  const refused = refusedProductForm(db, options, page);
  return async (c: Context) => {
    const product = getProductBySlug(db, c.req.param('slug') ?? '');
    if (!product) return page(c, {}, 404);
    const site = options.site();
    const fields = await readFormFields(c);
    const refusal = pageFormRefusal(c, fields);
    if (refusal) return refused(c, refusal);
    if (fieldText(fields, 'form') === 'restock') return restock(c, db, options.captcha, product, fields, page);

    const selection = postedSelection(product, fields);
    const quantityText = fields.quantity === undefined ? undefined : fieldText(fields, 'quantity');
    const refuse = (message: string, field: 'options' | 'quantity' | 'form', status: ContentfulStatusCode) =>
      page(c, { add: { selection, quantity: quantityText ?? '1', error: { message, field } } }, status);
    const check = checkAddToCart(
      {
        productType: product.productType as ProductType,
        variants: product.variants,
        options: product.variants.length > 1 ? variantOptions(product.variants, product.variantOptionOrdering) : [],
        selection,
        quantityText,
      },
      siteText(site, ADD_TO_CART_STRINGS),
    );
    if (!check.ok) return refuse(check.message, check.field, 400);
    const { sku } = check.variant;
    // A gift card is bought on its own page, which checks flag 40 (as the widget goes there).
    if (product.productType === ProductType.GIFT_CARD) {
      return c.redirect(`/commerce/gift-card?${new URLSearchParams({ itemId: product.id, sku })}`, 303);
    }
    try {
      if (product.isSubscribable) {
        subscriptionsOn(db);
        const item = {
          itemId: product.id,
          sku,
          qty: check.quantity,
          additionalFields: undefined,
          holder: addressKey(db, c),
        };
        const cartToken = createSubscriptionCart(db, item, options.hold);
        return c.redirect(`/commerce/subscription?${new URLSearchParams({ cartToken })}`, 303);
      }
      addToCart(c, db, options.hold, {
        itemId: product.id,
        sku,
        quantity: check.quantity,
        additionalFields: undefined,
      });
    } catch (error) {
      const { message, status } = storeRefusal(error);
      return refuse(message, 'form', status);
    }
    return c.redirect(afterPost(c, 'added'), 303);
  };
}

async function restock(
  c: Context,
  db: Db,
  captcha: CaptchaCheck,
  product: ProductRecord,
  fields: FormFields,
  page: FormPage<ProductFormState>,
) {
  const posted = postedRestock(fields);
  const refuse = (error: string, status: ContentfulStatusCode) => page(c, { restock: { ...posted, error } }, status);
  try {
    await addRestockSignUp(
      db,
      {
        productId: product.id,
        variantId: posted.variantId,
        siteVisitorEmail: posted.email,
        isJoinMailingList: posted.join,
        captchaToken: undefined,
      },
      captcha,
    );
  } catch (error) {
    const { message, status } = storeRefusal(error);
    return refuse(message, status);
  }
  return c.redirect(afterPost(c, 'signed-up', '#restock'), 303);
}

/** The cart page's form as posted, and how the page shows a refusal of it at `status`. */
async function postedCartForm(c: Context, options: PageFormOptions, page: FormPage<CartFormState>) {
  const site = options.site();
  const t = siteText(site, CART_STRINGS);
  const fields = await readFormFields(c);
  const entryId = fieldText(fields, 'entryId');
  const removing = fieldText(fields, 'action') === 'remove';
  const quantity = fieldText(fields, 'quantity');
  const refuse = (message: string, status: ContentfulStatusCode) =>
    page(
      c,
      { entryId, quantity, error: { title: removing ? t('cart.removeFailed') : t('cart.updateQuantity'), message } },
      status,
    );
  return { site, fields, entryId, removing, quantity, refuse };
}

/** The page a limit answers the cart page's post with: the row as posted, with the limit's words. */
export function cartFormRefusal(options: PageFormOptions, page: FormPage<CartFormState>): PageRefusal {
  return async (c) => {
    const { site, refuse } = await postedCartForm(c, options, page);
    return refuse(refusalText(site, 'rate-limited'), REFUSAL_STATUS['rate-limited']);
  };
}

/**
 * The cart page's form (POST /cart): a row's quantity (`action` = `update`) or its removal
 * (`remove`), through the same store calls as the JSON routes.
 */
export function cartFormHandler(db: Db, options: PageFormOptions, page: FormPage<CartFormState>) {
  return async (c: Context) => {
    const { site, fields, entryId, removing, quantity, refuse } = await postedCartForm(c, options, page);
    const refusal = pageFormRefusal(c, fields);
    if (refusal) return refuse(refusalText(site, refusal), REFUSAL_STATUS[refusal]);
    try {
      if (removing) removeEntry(db, cartIdOf(c, db), entryId, options.hold);
      else {
        const parsed = /^\s*\d{1,5}\s*$/.test(quantity) ? Number(quantity) : quantity;
        updateEntryQuantity(db, cartIdOf(c, db), entryId, parsed, options.hold, addressKey(db, c));
      }
    } catch (error) {
      const { message, status } = storeRefusal(error);
      return refuse(message, status);
    }
    return c.redirect(afterPost(c, removing ? 'removed' : 'updated'), 303);
  };
}

/** The page a limit answers a site form page's post with: the answers as posted, with the limit's words. */
export function siteFormRefusal(options: PageFormOptions, page: FormPage<SiteFormState>): PageRefusal {
  return async (c) => {
    const fields = await readFormFields(c);
    return page(c, { fields, messages: [siteText(options.site(), FORM_STRINGS)('form.rateLimited')], errors: {} }, 429);
  };
}

/**
 * A site form page's own form (POST to the page): the answers as the widget would send them, a
 * submission key and the JSON route's save, then the success redirect or the page again with the
 * spec's messages on the fields.
 */
export function siteFormHandler(
  db: Db,
  options: PageFormOptions,
  formId: string,
  pageFields: { pageTitle: string; pageId: string },
  page: FormPage<SiteFormState>,
) {
  return async (c: Context) => {
    const site = options.site();
    const t = siteText(site, FORM_STRINGS);
    const fields = await readFormFields(c);
    const refusal = pageFormRefusal(c, fields);
    const refuse = (messages: string[], status: ContentfulStatusCode, errors: Record<string, string> = {}) =>
      page(c, { fields, messages, errors }, status);
    if (refusal) return refuse([refusalText(site, refusal)], REFUSAL_STATUS[refusal]);
    const form = getFormDefinition(db, formId);
    if (!form) return refuse([t('form.notConfigured')], 404);
    const { status, answer } = submissionAnswer(
      await saveFormSubmission(
        db,
        {
          formId,
          key: createSubmissionKey(db),
          form: JSON.stringify(postedAnswers(form, fields)),
          ...pageFields,
          contentSource: 'c',
          pagePath: new URL(c.req.url).pathname,
        },
        options.captcha,
      ),
    );
    if (status === 200) {
      return c.redirect(form.successRedirect ?? afterPost(c, 'sent'), 303);
    }
    if (status === 400 && answer.errors) {
      // A newsletter form shows its field errors only (storefront spec, section 8).
      const messages = form.newsletter ? [] : [t('form.invalidFields'), t('form.scrollDown')];
      return refuse(messages, 400, answer.errors);
    }
    const message = status === 404 ? t('form.notConfigured') : status === 401 ? t('form.unauthorized') : answer.message;
    return refuse([message], status);
  };
}

/** What a post gets while another post of the same rendered form is still acting in another process. */
export const FORM_ACTING = 'This form is being sent already. Please wait a moment, then reload the page.';

/**
 * Makes a page form's posts act once per rendered form: the first post with a form key acts; a
 * post with the same key again (a double click, a resent form) gets the first one's answer (its
 * redirect, and the cart it left the browser with) and changes nothing. A post that was refused
 * lets the key go, so the same form may be sent again. Without a key the handler refuses the post.
 */
export function oncePerFormKey(db: Db, handler: (c: Context) => Promise<Response>) {
  // Posts acting now in this process, by digest: a second one waits for the first's answer.
  const acting = new Map<string, Promise<void>>();
  const run = async (c: Context): Promise<Response> => {
    const fields = await readFormFields(c);
    const key = fieldText(fields, FORM_KEY_FIELD);
    if (!isFormKey(key)) return handler(c);
    const digest = postDigest(key, `${c.req.path}|${fieldText(fields, 'form')}|${fieldText(fields, 'entryId')}`);
    const claim = claimPageFormPost(db, digest, Date.now());
    if (claim.kind === 'answered') {
      if (claim.answer.cartId) rememberCart(c, db, claim.answer.cartId, Date.now());
      return c.redirect(claim.answer.location, 303);
    }
    if (claim.kind === 'acting') {
      const first = acting.get(digest);
      if (!first) return c.html(errorHtml(db, FORM_ACTING, 'Being sent'), 409);
      await first;
      return run(c);
    }
    let settle = () => {};
    acting.set(
      digest,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    try {
      const response = await handler(c);
      const location = response.status === 303 ? response.headers.get('Location') : null;
      if (location === null) releasePageFormPost(db, digest);
      else {
        const cartId = c.get('rememberedCart');
        answerPageFormPost(db, digest, cartId ? { location, cartId } : { location });
      }
      return response;
    } catch (error) {
      releasePageFormPost(db, digest);
      throw error;
    } finally {
      acting.delete(digest);
      settle();
    }
  };
  return run;
}
