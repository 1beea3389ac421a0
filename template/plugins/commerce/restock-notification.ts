/**
 * `product-restock-notification`: for each restock view of the product (one per variant), an
 * email sign-up to hear when it is back in stock, with the mailing-list opt-in when the store
 * offers it and a captcha container when the site has a captcha key.
 */
import { RESTOCK_NOTIFICATION_CLASS } from '../../../contract/class-names';
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { isTrue, objectField, objectList, scalarText } from './fields';
import { attributeText, PLATFORM_LEAD } from './html';
import { merchandisingContextOf, pageObject } from './page-data';

/**
 * The sign-up markup; for a product whose merchandising context has no restock views, only the
 * blank lines the platform's template opens with.
 */
export function restockNotificationMarkup(ctx: FormatContext, item: unknown): string {
  if (!isObject(item)) return '';
  const merchandising = merchandisingContextOf(ctx, item);
  const views = objectList(merchandising.restockNotificationViews);
  if (views.length === 0) return PLATFORM_LEAD.restockNotification;
  const messages = objectField(merchandising, 'restockNotificationMessages');
  const mailingList = isTrue(merchandising.mailingListSignUpEnabled)
    ? `  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"` +
      `${isTrue(merchandising.mailingListOptInByDefault) ? ' checked' : ''}>${attributeText(messages.mailingListDescription)}</label>`
    : '';
  const siteKey = scalarText(objectField(pageObject(ctx, 'website'), 'captchaSettings').siteKey);
  const captcha = siteKey !== '' ? '  <div class="captcha-container"></div>' : '';
  // The platform's texts are written with `htmltag` (quotes escaped too), and each view with
  // the blank lines of its template: six before the first, one around each.
  return (
    PLATFORM_LEAD.restockNotification +
    views
      .map(
        (view) =>
          `\n<div class="${RESTOCK_NOTIFICATION_CLASS}" data-product-id="${attributeText(item.id)}"` +
          ` data-variant-id="${attributeText(view.variantId)}"${isTrue(view.hiddenByDefault) ? ' hidden' : ''}>\n` +
          `  <span class="product-restock-cta">${attributeText(messages.CTAText)}</span>\n` +
          '  <form class="product-restock-form" action="#">\n' +
          '    <input type="text" x-autocompletetype="email" spellcheck="false" name="email"' +
          ` placeholder="${attributeText(messages.placeholderText)}">\n` +
          `    <input class="sqs-editable-button" type="submit" value="${attributeText(messages.buttonText)}">\n` +
          '  </form>\n' +
          `${mailingList}\n` +
          `${captcha}\n` +
          '</div>\n',
      )
      .join('')
  );
}
