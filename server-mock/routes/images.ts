import { Hono } from 'hono';
import { IMAGE_WIDTHS } from '../../contract/product-images';
import { imageSvg, requestedWidth } from '../content/image-svg';
import { contentImage } from '../pages/content-pages';
import { getImage } from '../store/catalog';
import type { Db } from '../store/db';

const WIDTHS_TEXT = IMAGE_WIDTHS.map((w) => `${w}w`).join(', ');

/**
 * Product and content images, drawn as SVG: `/img/{id}.svg`, and `?format=500w` for one of the service's
 * widths (platform spec, section 9). An image never changes under its id, so it is cached for good.
 * Content images (the demo's journal, events and gallery) exist in the demo store only.
 */
export function imageRoutes(db: Db, { demo }: { demo: boolean }): Hono {
  const app = new Hono();

  app.get('/:file', (c) => {
    const match = /^([\w-]{1,100})\.svg$/.exec(c.req.param('file'));
    // Product images are in the store; journal, event and gallery images in demo-pages/content.json.
    const image = match?.[1] ? (getImage(db, match[1]) ?? (demo ? contentImage(match[1]) : undefined)) : undefined;
    if (!image) return c.json({ message: 'This image does not exist.' }, 404);
    const width = requestedWidth(c.req.query('format'));
    if (width === null) return c.json({ message: `format must be one of ${WIDTHS_TEXT}.` }, 400);
    const { svg, etag } = imageSvg(image, width);
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(svg, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });

  return app;
}
