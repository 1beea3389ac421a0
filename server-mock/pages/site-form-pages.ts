/** The demo store's site form pages: each shows one form and answers its posts (without JavaScript). */
export const SITE_FORM_PAGES = [
  {
    path: '/contact',
    formId: 'contact',
    heading: 'Contact us',
    intro: 'Questions about an order, a repair or a custom piece? Write to us.',
  },
  {
    path: '/newsletter',
    formId: 'newsletter',
    heading: 'Newsletter',
    intro: 'New pieces and workshop dates, once a month.',
  },
  {
    path: '/forms/redirect',
    formId: 'redirect',
    heading: 'Quick question',
    intro: 'Ask away; you will be back in the shop right after.',
  },
] as const;
