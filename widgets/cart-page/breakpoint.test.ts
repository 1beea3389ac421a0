import { describe, expect, it } from 'vitest';
import { CART_PAGE_STYLES } from './cart-page';
import { DESKTOP_MEDIA, MOBILE_MEDIA, PRODUCT_IMAGE_SIZES } from '../../contract/breakpoints';

describe('the mobile breakpoint', () => {
  it('is 432 px for phones and 433 px for desktop (platform spec, section 9)', () => {
    expect(MOBILE_MEDIA).toBe('(max-width: 432px)');
    expect(DESKTOP_MEDIA).toBe('(min-width: 433px)');
    expect(PRODUCT_IMAGE_SIZES).toBe('(max-width: 432px) 100vw, 50vw');
  });

  it("is the cart page's only narrow-layout breakpoint", () => {
    const queries = [...CART_PAGE_STYLES.matchAll(/@media ([^{]+)\{/g)].map((m) => m[1]?.trim());
    expect(queries.filter((q) => /width/.test(q ?? ''))).toEqual([MOBILE_MEDIA]);
  });
});
