/**
 * The demo store's first place (demo-pages/places.json) as the details call answers it, split
 * into the address parts a form fills: what the unit, server and browser tests all expect.
 */
export const PINE_STREET = {
  Line1: '221 Pine Street',
  Line2: '',
  City: 'San Francisco',
  State: 'CA',
  Zip: '94104',
  Country: 'United States',
} as const;
