/**
 * Property: every commerce formatter and predicate, fed arbitrary JSON or product-shaped data
 * with fields of random types, renders without failing and never lets markup from the data
 * (an injected `<script`) into the output unescaped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute } from '../../index';
import { COMMERCE_FORMATTERS } from '../formatters.commerce';
import { malformedData } from '../../testing/malformed-data';
import { COMMERCE_PREDICATES } from '../predicates.commerce';

const { scalar, any, shaped } = malformedData(
  ['1', '-1', '0', '.5', '1e400', '9'.repeat(400), 'true', 'false', 'WEEK', 'MONTH', 'USD'],
  [0, -0, 1, 2, 3, 4, 5, -1, 1e308, Number.MAX_SAFE_INTEGER],
);

const list = (item: fc.Arbitrary<unknown>) => fc.oneof(fc.array(item, { maxLength: 4 }), any);
const dictionary = fc.dictionary(scalar.map(String), any, { maxKeys: 3 });

const money = shaped({ value: scalar, currency: scalar, decimalValue: scalar, currencyCode: scalar });
const plan = shaped({ billingPeriod: shaped({ value: scalar, unit: scalar }), numBillingCycles: scalar });
const priced = {
  price: scalar,
  salePrice: scalar,
  priceMoney: money,
  salePriceMoney: money,
  onSale: scalar,
};
const variant = shaped({
  ...priced,
  attributes: dictionary,
  qtyInStock: scalar,
  unlimited: scalar,
  optionValues: list(shaped({ value: scalar, optionName: scalar })),
  pricingOptions: list(shaped({ ...priced, subscriptionPlan: plan })),
});
const product = shaped({
  id: fc.oneof(fc.constant('p1'), scalar),
  collectionId: scalar,
  structuredContent: shaped({
    ...priced,
    productType: scalar,
    variants: list(variant),
    isSubscribable: scalar,
    subscriptionPlan: plan,
    productSubscriptionOptions: list(shaped({ id: scalar })),
    additionalFieldsFormId: scalar,
    additionalFieldsForm: any,
    useCustomAddButtonText: scalar,
    customAddButtonText: scalar,
    variantOptionOrdering: list(scalar),
  }),
});
const merchandising = shaped({
  customSoldOutText: scalar,
  scarcityEnabled: scalar,
  scarcityText: scalar,
  scarcityTemplateViews: list(shaped({ qtyInStock: scalar, attributes: dictionary })),
  restockNotificationViews: list(shaped({ variantId: scalar, hiddenByDefault: scalar })),
  restockNotificationMessages: shaped({
    buttonText: scalar,
    CTAText: scalar,
    placeholderText: scalar,
    mailingListDescription: scalar,
  }),
  mailingListSignUpEnabled: scalar,
  mailingListOptInByDefault: scalar,
});
const localizedStrings = fc.dictionary(
  fc.constantFrom(
    'productAddToCartText',
    'productSubscribeText',
    'productVariantSelectText',
    'giftCardVariantSelectText',
    'giftCardValueDisplayText',
    'productQuantityInputLabel',
    'productSoldOutText',
    'productSaleText',
    'productQuickViewText',
    'productPriceFromText',
    'productPriceUnavailable',
    'salePriceText',
    'originalPriceText',
    'productSummaryFormNoAnswerText',
    'productAnswerMapAgree',
    'productPrice__singlePrice__1Weekly__indefinite',
    'productPrice__multiplePrices__nMonthly__limited__nYears',
  ),
  scalar,
);
const field = shaped({
  type: fc.constantFrom('text', 'checkbox', 'likert', 'name', 'address', 'date', 'time', 'phone', 'unknown'),
  rawTitle: scalar,
  value: scalar,
  values: fc.oneof(dictionary, fc.array(scalar, { maxLength: 3 })),
});

/** A page: an item and everything commerce formatters look up around it. */
const page = shaped({
  item: product,
  field,
  entries: list(shaped({ quantity: scalar })),
  group: scalar,
  localizedStrings,
  productMerchandisingContext: shaped({ p1: merchandising }),
  website: shaped({ useCLDRMoneyFormat: scalar, captchaSettings: shaped({ siteKey: scalar }) }),
  websiteSettings: shaped({
    storeSettings: shaped({ multipleQuantityAllowedForServices: scalar, selectedCurrency: scalar }),
  }),
});

const TEMPLATES = [
  ...Object.keys(COMMERCE_FORMATTERS).flatMap((name) => [`{@|${name}}`, `{item|${name} group}`, `{field|${name}}`]),
  ...Object.keys(COMMERCE_PREDICATES).flatMap((name) => [
    `{.${name}}y{.or}n{.end}`,
    `{.section item}{.${name}}y{.end}{.end}`,
  ]),
];

function expectSafe(data: unknown): void {
  for (const template of TEMPLATES) {
    const { output, errors } = execute(template, data);
    expect(typeof output, template).toBe('string');
    expect(errors, template).toEqual([]);
    expect(output.toLowerCase(), template).not.toContain('<script');
  }
}

describe('commerce formatters and predicates on malformed data', () => {
  it('never fail or leak markup on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), expectSafe), { numRuns: 100 });
  });

  it('never fail or leak markup on product-shaped data with random field types', () => {
    fc.assert(fc.property(page, expectSafe), { numRuns: 300 });
  });
});
