/**
 * The static installment-info pages the installment pill opens in its modal (storefront spec,
 * section 7), keyed by shopper language and payment-account country. Fixed text only: nothing
 * of the request ends up in a page.
 */

function page(heading: string, steps: string[], terms: string): string {
  return `<h2>${heading}</h2>\n<ul>\n${steps.map((step) => `  <li>${step}</li>\n`).join('')}</ul>\n<p>${terms}</p>\n`;
}

function englishSteps(provider: string): string[] {
  return [
    `Choose ${provider} at checkout.`,
    'Pay the first of 4 interest-free payments today.',
    'The other 3 payments are taken automatically, one every two weeks.',
    'No interest, and no extra fees when you pay on time.',
  ];
}

const AFTERPAY = 'Pay in 4 interest-free payments with Afterpay';

const PAGES: Readonly<Record<string, string>> = {
  en_US: page(
    AFTERPAY,
    englishSteps('Afterpay'),
    'You must be over 18, a resident of the U.S. and meet additional eligibility criteria to qualify. ' +
      'Late fees may apply. Payment amounts shown exclude taxes and shipping, which are added at checkout.',
  ),
  en_CA: page(
    AFTERPAY,
    englishSteps('Afterpay'),
    'You must be of the age of majority in your province or territory, a resident of Canada and meet ' +
      'additional eligibility criteria to qualify. Late fees may apply.',
  ),
  fr_CA: page(
    'Payez en 4 versements sans intérêt avec Afterpay',
    [
      'Choisissez Afterpay au moment de payer.',
      'Payez aujourd’hui le premier de 4 versements sans intérêt.',
      'Les 3 autres versements sont prélevés automatiquement, un toutes les deux semaines.',
      'Aucun intérêt, et aucuns frais supplémentaires si vous payez à temps.',
    ],
    'Vous devez avoir l’âge de la majorité dans votre province ou territoire, résider au Canada et ' +
      'satisfaire à d’autres critères d’admissibilité. Des frais de retard peuvent s’appliquer.',
  ),
  en_AU: page(
    AFTERPAY,
    englishSteps('Afterpay'),
    'You must be over 18, a resident of Australia and meet additional eligibility criteria to qualify. ' +
      'Late fees may apply.',
  ),
  en_NZ: page(
    AFTERPAY,
    englishSteps('Afterpay'),
    'You must be over 18, a resident of New Zealand and meet additional eligibility criteria to qualify. ' +
      'Late fees may apply.',
  ),
  en_GB: page(
    'Pay in 4 interest-free payments with Clearpay',
    englishSteps('Clearpay'),
    'You must be over 18, a resident of the UK and meet additional eligibility criteria to qualify. ' +
      'Late fees may apply. Clearpay is a form of credit that is not regulated by the Financial Conduct Authority.',
  ),
};

/** Klarna (feature flag 70) serves the same markets where the site has not the locale's own service on. */
const KLARNA_RESIDENCE: Readonly<Record<string, string>> = {
  en_US: 'the U.S.',
  en_CA: 'Canada',
  en_AU: 'Australia',
  en_NZ: 'New Zealand',
  en_GB: 'the UK',
};

const KLARNA_PAGES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(KLARNA_RESIDENCE).map(([key, residence]) => [
      key,
      page(
        'Pay in 4 interest-free payments with Klarna',
        englishSteps('Klarna'),
        `You must be over 18, a resident of ${residence} and meet additional eligibility criteria to qualify. ` +
          'Late fees may apply.',
      ),
    ]),
  ),
  fr_CA: page(
    'Payez en 4 versements sans intérêt avec Klarna',
    [
      'Choisissez Klarna au moment de payer.',
      'Payez aujourd’hui le premier de 4 versements sans intérêt.',
      'Les 3 autres versements sont prélevés automatiquement, un toutes les deux semaines.',
      'Aucun intérêt, et aucuns frais supplémentaires si vous payez à temps.',
    ],
    'Vous devez avoir l’âge de la majorité dans votre province ou territoire, résider au Canada et ' +
      'satisfaire à d’autres critères d’admissibilité. Des frais de retard peuvent s’appliquer.',
  ),
};

/** The providers an info page may be asked for (`provider=`); absent: the locale's own service. */
export const INFO_PROVIDERS = ['Afterpay', 'Clearpay', 'Klarna'] as const;

/**
 * The info page for a shopper language ('en', 'fr'), account country ('US', 'GB') and provider
 * (Klarna, or the locale's own service when absent or named), or undefined when there is none.
 */
export function installmentInfoPage(
  language: string | undefined,
  country: string | undefined,
  provider?: (typeof INFO_PROVIDERS)[number],
): string | undefined {
  if (!language || !country || !/^[a-z]{2}$/i.test(language) || !/^[a-z]{2}$/i.test(country)) return undefined;
  const key = `${language.toLowerCase()}_${country.toUpperCase()}`;
  const pages = provider === 'Klarna' ? KLARNA_PAGES : PAGES;
  const found = Object.hasOwn(pages, key) ? pages[key] : undefined;
  // A named provider must be the one the page is about.
  return found !== undefined && provider !== undefined && !found.includes(`${provider}</h2>`) ? undefined : found;
}
