/**
 * `variants-select`: for a product with more than one variant, a select and a row of radio
 * buttons per option (`variantOptionOrdering`), listing the option's values in the order the
 * variants first use them.
 */
import type { FormatContext } from '../../plugin';
import { isObject, isTruthy } from '../../values';
import { escapeAttribute } from '../formatters.core';
import { objectField, scalarText } from './fields';
import { attributeText, jsonAttribute, PLATFORM_LEAD } from './html';
import { localizedText } from './page-data';
import { ProductType } from '../../../contract/enumerations';
import { productTypeOf, structuredContentOf, variantsOf } from './product';

/** One option to choose, with its texts already escaped. */
interface VariantOption {
  name: string;
  title: string;
  selectText: string;
  values: string[];
}

/**
 * The options of the product, in `variantOptionOrdering` order (a name that is no text is ""),
 * each with the values its variants give it, empty ones included; a name listed twice collects
 * them in its first place only, as on the platform.
 */
export function variantOptions(item: unknown): { name: string; values: string[] }[] {
  const ordering = structuredContentOf(item).variantOptionOrdering;
  const options = (Array.isArray(ordering) ? ordering : []).map((name) => ({
    name: scalarText(name),
    values: [] as string[],
  }));
  const valuesByName = new Map<string, string[]>();
  for (const option of options) if (!valuesByName.has(option.name)) valuesByName.set(option.name, option.values);
  for (const variant of variantsOf(item)) {
    for (const [name, value] of Object.entries(objectField(variant, 'attributes'))) {
      const values = valuesByName.get(name);
      const text = scalarText(value);
      if (values !== undefined && !values.includes(text)) values.push(text);
    }
  }
  return options;
}

/** Gift cards choose a "Value"; other products "Select {variantName}", both localizable. */
function optionTexts(ctx: FormatContext, item: unknown, name: string): { title: string; selectText: string } {
  if (productTypeOf(item) === ProductType.GIFT_CARD) {
    return {
      title: localizedText(ctx, 'giftCardValueDisplayText', 'Value'),
      selectText: localizedText(ctx, 'giftCardVariantSelectText', 'Select Value'),
    };
  }
  const selectText = localizedText(ctx, 'productVariantSelectText', 'Select {variantName}');
  return { title: name, selectText: selectText.replaceAll('{variantName}', name) };
}

function optionMarkup({ name, title, selectText, values }: VariantOption): string {
  const options = values.map((value) => `<option value="${value}">${value}</option>`).join('');
  const radios = values
    .map(
      (value) =>
        `      <input type="radio" class="variant-radiobtn" value="${value}" name="variant-option-${name}" id="variant-option-${name}-${value}"/>\n` +
        `      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-${name}-${value}">${value}</label>\n`,
    )
    .join('');
  return (
    '    <div class="variant-option">\n' +
    `    <div class="variant-option-title">${title}: </div>\n` +
    '    <div class="variant-select-wrapper">\n' +
    `      <select aria-label="${selectText}" data-variant-option-name="${name}">\n` +
    `        <option value="">${selectText}</option>\n` +
    `        ${options}\n` +
    '      </select>\n' +
    '    </div>\n' +
    `    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">\n` +
    radios +
    '    </div>\n' +
    '    </div>\n'
  );
}

/**
 * The selects markup; empty unless the product has more than one variant (of any type, digital
 * too, as on the platform) and options to order them.
 */
export function variantsSelectMarkup(ctx: FormatContext, item: unknown): string {
  const variants = structuredContentOf(item).variants;
  if (!isObject(item) || !Array.isArray(variants) || variants.length <= 1) return '';
  const options = variantOptions(item);
  if (options.length === 0) return '';
  const content = structuredContentOf(item);
  let subscription = '';
  // Any truthy flag marks the selects, and the plan attribute is then always written (empty without a plan).
  if (isTruthy(content.isSubscribable))
    subscription = ` data-is-subscribable="true" data-subscription-plan="${jsonAttribute(content.subscriptionPlan)}"`;
  const markup = options.map(({ name, values }) => {
    const { title, selectText } = optionTexts(ctx, item, name);
    return optionMarkup({
      name: escapeAttribute(name),
      title: escapeAttribute(title),
      selectText: escapeAttribute(selectText),
      values: values.map(escapeAttribute),
    });
  });
  return (
    PLATFORM_LEAD.variantsSelect +
    `<div class="product-variants" data-item-id="${attributeText(item.id)}"` +
    ` data-variants="${jsonAttribute(content.variants)}"${subscription} data-animation-role="content">\n` +
    `${markup.join('')}  </div>\n`
  );
}
