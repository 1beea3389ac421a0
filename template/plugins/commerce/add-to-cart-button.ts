/** `add-to-cart-btn`: the button that adds the product to the cart (or subscribes to it). */
import { ADD_TO_CART_BUTTON_CLASS, ADD_TO_CART_BUTTON_INNER_CLASS } from '../../../contract/class-names';
import type { FormatContext } from '../../plugin';
import { isObject, isTruthy } from '../../values';
import { escapeAttribute } from '../formatters.core';
import { isTrue, objectList, scalarText } from './fields';
import { attributeText, jsonAttribute, PLATFORM_LEAD } from './html';
import { localizedText } from './page-data';
import { isSubscribable, structuredContentOf } from './product';

/** The button label: the product's custom text when it asks for it, else "Subscribe" or "Add To Cart". */
export function addToCartLabel(ctx: FormatContext, item: unknown): string {
  const content = structuredContentOf(item);
  const custom = scalarText(content.customAddButtonText);
  if (isTrue(content.useCustomAddButtonText) && custom !== '') return custom;
  return isSubscribable(item)
    ? localizedText(ctx, 'productSubscribeText', 'Subscribe')
    : localizedText(ctx, 'productAddToCartText', 'Add To Cart');
}

/**
 * The button markup. A product with an additional-fields form gets `use-form` and the form as
 * JSON; a subscription gets its first subscription option's id.
 */
export function addToCartButtonMarkup(ctx: FormatContext, item: unknown): string {
  if (!isObject(item)) return '';
  const content = structuredContentOf(item);
  const subscribable = isSubscribable(item);
  const label = addToCartLabel(ctx, item);
  const form = content.additionalFieldsForm;
  const useForm = isTruthy(content.additionalFieldsFormId) && isObject(form) && isTruthy(form);
  const optionId = subscribable ? scalarText(objectList(content.productSubscriptionOptions)[0]?.id) : '';

  const extras: string[] = [];
  if (useForm) extras.push(`data-form="${jsonAttribute(form)}"`);
  if (optionId !== '') extras.push(`data-subscription-option-id="${escapeAttribute(optionId)}"`);

  return (
    PLATFORM_LEAD.addToCartButton +
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    `  <div class="${ADD_TO_CART_BUTTON_CLASS} sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ` +
    `${useForm ? 'use-form' : ''}" role="button" tabindex="0" data-dynamic-strings` +
    ` data-collection-id="${attributeText(item.collectionId)}"` +
    ` data-item-id="${attributeText(item.id)}"` +
    ` data-product-type="${attributeText(content.productType)}"` +
    ` data-use-custom-label="${attributeText(content.useCustomAddButtonText)}"` +
    (subscribable ? ' data-is-subscription="true"' : '') +
    ` data-original-label="${escapeAttribute(label)}" ${extras.join(' ')}>\n` +
    // The platform writes the label with `htmltag` (quotes escaped too).
    `    <div class="${ADD_TO_CART_BUTTON_INNER_CLASS}">${escapeAttribute(label)}</div>\n` +
    '  </div>\n' +
    '</div>'
  );
}
