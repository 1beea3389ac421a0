import type { Locator, Page } from '@playwright/test';
import { addLinenShirt, axeViolations, expect, test } from './fixtures';

/**
 * The content pages (journal, events, gallery) in Chromium: each renders with the cart pill,
 * its images reserve their space (no layout shift on load), the gallery works from the
 * keyboard, and axe finds nothing.
 */

declare global {
  interface Window {
    /** Layout shift of the page so far (not counting shifts right after input). */
    __cls: number;
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
});

/** Opens a content page and waits until it has loaded, with the cart pill defined (it shows once the cart has items). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('load');
  await expect(page.locator('store-cart-pill')).toHaveCount(1);
  await page.waitForFunction(() => customElements.get('store-cart-pill') !== undefined);
}

/** Every image on the page lists its widths and carries its size; loaded ones draw at that ratio. */
async function expectResponsiveImages(page: Page): Promise<void> {
  const images = await page.locator('main img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute('src'),
      srcset: img.getAttribute('srcset') ?? '',
      width: Number(img.getAttribute('width')),
      height: Number(img.getAttribute('height')),
    })),
  );
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    expect(image.srcset, `${image.src}`).toMatch(/\?format=100w 100w,.*\?format=750w 750w/);
    expect(image.width, `${image.src}`).toBeGreaterThan(0);
    expect(image.height, `${image.src}`).toBeGreaterThan(0);
  }
}

/** Scrolls through the page (lazy images load) and checks nothing moved. */
async function expectNoLayoutShift(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Images that come into view load (lazy ones too); hidden slides and those scrolled away sideways do not.
    const shown = new Set<HTMLImageElement>();
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (const img of document.images) {
        const box = img.getBoundingClientRect();
        if (box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.left < innerWidth && box.right > 0) {
          shown.add(img);
        }
      }
    }
    await Promise.all([...shown].map((img) => img.decode().catch(() => null)));
    window.scrollTo(0, 0);
  });
  expect(await page.evaluate(() => window.__cls)).toBe(0);
}

test.describe('content pages', () => {
  test('the home page links to the journal, events and gallery, each with the cart pill', async ({ page }) => {
    await addLinenShirt(page);
    await open(page, '/');
    const demo = page.locator('ul.demo-pages');
    for (const [link, heading] of [
      ['Journal', 'Journal'],
      ['events', 'Events'],
      ['gallery', 'Gallery'],
    ]) {
      await demo.getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('store-cart-pill a')).toHaveAccessibleName('one item in cart, subtotal $48.00');
      await page.goBack();
    }
  });

  test('the journal lists posts with comment counts, likes and share links; a post has its media', async ({ page }) => {
    await open(page, '/journal');
    const entries = page.locator('article.journal-entry');
    await expect(entries).toHaveCount(3);
    await expect(entries.first().locator('.sqs-comment-link')).toHaveText(/4\s+Comments/);
    await expect(entries.nth(2)).toContainText('No Comments');
    await expect(entries.nth(1).locator('.sqs-simple-like')).toHaveAttribute('data-like-count', '42');
    await expect(entries.first().getByRole('link', { name: /X \(Twitter\)/ })).toBeVisible();
    await expectResponsiveImages(page);
    await expectNoLayoutShift(page);
    expect(await axeViolations(page)).toEqual([]);

    await entries.nth(1).getByRole('link', { name: 'Keeping an indigo vat alive', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Keeping an indigo vat alive' })).toBeVisible();
    await expect(page.locator('audio')).toHaveAttribute('src', '/media/indigo-vat.wav');
    await expect(page.locator('.squarespace-comments')).toHaveAttribute('data-public-comment-count', '1');
    await expectResponsiveImages(page);
    expect(await axeViolations(page)).toEqual([]);

    await open(page, '/journal/winter-market');
    await expect(page.locator('.sqs-video-wrapper')).toHaveAttribute('data-provider-name', 'Field & Forge');
    await expectResponsiveImages(page);
    await expectNoLayoutShift(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('events list upcoming and past events with dates, location and a calendar link', async ({ page }) => {
    await open(page, '/events');
    const upcoming = page.locator('section', { has: page.getByRole('heading', { name: 'Upcoming' }) }).locator('li');
    const past = page.locator('section', { has: page.getByRole('heading', { name: 'Past' }) }).locator('li');
    await expect(upcoming).toHaveCount(2);
    await expect(past).toHaveCount(2);
    // The server words each date relative to its now, in whole days: the same words from the shown date.
    const relative = async (event: typeof upcoming) => {
      const start = Date.parse((await event.locator('time').first().getAttribute('datetime')) ?? '');
      const days = Math.round((start - Date.now()) / 86_400_000);
      return `(${new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(days, 'day')})`;
    };
    await expect(upcoming.first()).toContainText(await relative(upcoming.first()));
    expect(await relative(upcoming.first())).toMatch(/^\(in (8|9|10) days\)$/);
    await expect(upcoming.first().locator('address')).toContainText('1 Market Street');
    await expect(upcoming.first().getByRole('link', { name: /Add to Google Calendar/ })).toHaveAttribute(
      'href',
      /^http:\/\/www\.google\.com\/calendar\/event\?action=TEMPLATE&text=Winter%20market%20stall&dates=\d{8}T\d{6}Z\/\d{8}T\d{6}Z&location=/,
    );
    await expect(past.first()).toContainText(await relative(past.first()));
    expect(await relative(past.first())).toMatch(/^\((11|12|13) days ago\)$/);
    await expectResponsiveImages(page);
    await expectNoLayoutShift(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

/** Opens a gallery page and checks it at rest: enhanced, responsive images, no layout shift, no axe violation. */
async function openGallery(page: Page, path: string, design: string): Promise<Locator> {
  await open(page, path);
  const gallery = page.locator(`.sqs-gallery-block.gallery-design-${design}`);
  await expect(gallery).toHaveAttribute('data-store-enhanced', 'true');
  await expectResponsiveImages(page);
  await expectNoLayoutShift(page);
  expect(await axeViolations(page)).toEqual([]);
  return gallery;
}

test.describe('the gallery', () => {
  test('grid: the keyboard opens the lightbox, moves through it, keeps focus inside and returns it on Escape', async ({
    page,
  }) => {
    const gallery = await openGallery(page, '/gallery', 'grid');

    const second = gallery.locator('.gallery-open').nth(1);
    await second.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'From the workshop' });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(lightbox.locator('.store-gallery-lightbox__count')).toHaveText('2 of 6');
    await expect(lightbox.locator('img')).toHaveAttribute('alt', 'Bolts of undyed linen on the cutting table');
    await expect(lightbox.locator('img')).toHaveAttribute('srcset', /2500w/);
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.locator('.store-gallery-lightbox__count')).toHaveText('3 of 6');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox.locator('.store-gallery-lightbox__count')).toHaveText('1 of 6');
    // Tab goes round the lightbox's controls and never leaves it.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await lightbox.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await lightbox.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(second).toBeFocused();
  });

  test('the light lightbox theme, from the QA query, has no axe violation', async ({ page }) => {
    await open(page, '/gallery?lightboxTheme=light&meta-position=top-right');
    await expect(page.locator('.sqs-gallery-block')).toHaveClass(/gallery-meta-top-right/);
    // Meta over the light top-right corner of the second image turns light; the dark ones keep the dark box.
    const figures = page.locator('.gallery-figure');
    await expect(figures.nth(1)).toHaveAttribute('data-meta-tone', 'light');
    await expect(figures.nth(1).locator('.gallery-meta')).toHaveCSS('color', 'rgb(26, 26, 26)');
    await expect(figures.nth(0)).not.toHaveAttribute('data-meta-tone');
    await expect(figures.nth(0).locator('.gallery-meta')).toHaveCSS('color', 'rgb(255, 255, 255)');
    await page.locator('.gallery-open').first().click();
    const lightbox = page.getByRole('dialog', { name: 'From the workshop' });
    await expect(lightbox).toHaveClass(/store-gallery-lightbox--light/);
    await expect(lightbox.locator('.store-gallery-lightbox__count')).toHaveText('1 of 6');
    expect(await axeViolations(page)).toEqual([]);
    await lightbox.getByRole('button', { name: 'Close' }).click();
    await expect(lightbox).toBeHidden();
  });

  test('slideshow: buttons, arrow keys and thumbnails move through the images', async ({ page }) => {
    await open(page, '/gallery?design=slideshow');
    const gallery = page.locator('.sqs-gallery-block.gallery-design-slideshow');
    await expect(gallery).toHaveAttribute('data-store-enhanced', 'true');
    const slides = gallery.locator('.gallery-item');
    await expect(slides.nth(0)).toBeVisible();
    await expect(slides.nth(1)).toBeHidden();
    await expectResponsiveImages(page);
    await expectNoLayoutShift(page);
    expect(await axeViolations(page)).toEqual([]);

    const next = gallery.getByRole('button', { name: 'Next image' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(gallery.locator('.gallery-status')).toHaveText('2 of 6');
    await expect(slides.nth(1)).toBeVisible();
    await expect(slides.nth(0)).toBeHidden();
    await page.keyboard.press('ArrowRight');
    await expect(gallery.locator('.gallery-status')).toHaveText('3 of 6');
    await page.keyboard.press('End');
    await expect(gallery.locator('.gallery-status')).toHaveText('6 of 6');
    await page.keyboard.press('ArrowRight');
    await expect(gallery.locator('.gallery-status')).toHaveText('1 of 6');

    const thumb = gallery.locator('.gallery-thumb').nth(3);
    await thumb.focus();
    await page.keyboard.press('Enter');
    await expect(thumb).toHaveAttribute('aria-current', 'true');
    await expect(slides.nth(3)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(gallery.locator('.gallery-thumb').nth(2)).toBeFocused();
    await expect(slides.nth(2)).toBeVisible();

    // The visible slide opens in the lightbox; closing it comes back to the slide the lightbox was on.
    const opener = slides.nth(2).locator('.gallery-open');
    await opener.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog');
    await expect(lightbox.locator('.store-gallery-lightbox__count')).toHaveText('3 of 6');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(gallery.locator('.gallery-status')).toHaveText('4 of 6');
    await expect(slides.nth(3).locator('.gallery-open')).toBeFocused();
  });

  test('slideshow autoplay advances on its own and stops with the pause control', async ({ page }) => {
    await open(page, '/gallery?design=slideshow&autoplay=true&autoplay-duration=1');
    const gallery = page.locator('.sqs-gallery-block');
    await expect(gallery).toHaveAttribute('data-autoplay-state', 'playing');
    await expect(gallery.locator('.gallery-status')).toHaveText('2 of 6', { timeout: 3000 });
    await gallery.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(gallery).toHaveAttribute('data-autoplay-state', 'paused');
    await expect(gallery.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('autoplay does not start for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, '/gallery?design=slideshow&autoplay=true&autoplay-duration=1');
    const gallery = page.locator('.sqs-gallery-block');
    await expect(gallery).toHaveAttribute('data-autoplay-state', 'paused');
    await expect(gallery.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(gallery.locator('.gallery-status')).toHaveText('1 of 6');
  });

  test('slider and stacked designs: no layout shift, no axe violation; the slider scrolls to the image', async ({
    page,
  }) => {
    const gallery = await openGallery(page, '/gallery?design=slider&meta-position=top', 'slider');
    const strip = gallery.locator('.gallery-items');
    await gallery.locator('.gallery-thumb').nth(5).click();
    await expect(gallery.locator('.gallery-status')).toHaveText('6 of 6');
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

    await open(page, '/gallery?design=stacked&lightbox=false');
    await expect(page.locator('.sqs-gallery-block.gallery-design-stacked .gallery-image')).toHaveCount(6);
    await expect(page.locator('.gallery-open')).toHaveCount(0);
    await expectResponsiveImages(page);
    await expectNoLayoutShift(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
