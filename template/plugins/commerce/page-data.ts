/**
 * What commerce formatters read from the page data around the item: the localized strings,
 * the merchandising context of the product, and the website and its settings. Each is looked
 * up from the item's frame outwards, so it may sit anywhere above the item.
 */
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { escapeHtml } from '../formatters.core';
import { NO_FIELDS, objectField, scalarText } from './fields';

/** A top-level object of the page data (`website`, `websiteSettings`, …); empty when missing. */
export function pageObject(ctx: FormatContext, name: string): Readonly<Record<string, unknown>> {
  const value = ctx.resolve(name);
  return isObject(value) ? value : NO_FIELDS;
}

/** `localizedStrings[key]` when it is non-empty text, else the English default. */
export function localizedText(ctx: FormatContext, key: string, fallback: string): string {
  const text = pageObject(ctx, 'localizedStrings')[key];
  return typeof text === 'string' && text !== '' ? text : fallback;
}

/** The product's entry in `productMerchandisingContext` (keyed by item id); empty when missing. */
export function merchandisingContextOf(ctx: FormatContext, item: unknown): Readonly<Record<string, unknown>> {
  const id = scalarText(isObject(item) ? item.id : undefined);
  return id === '' ? NO_FIELDS : objectField(pageObject(ctx, 'productMerchandisingContext'), id);
}

/**
 * Fills `{name}` placeholders of a (localized) text: the text is HTML-escaped, each known
 * placeholder is replaced by its value, which is already HTML; unknown ones stay as written.
 */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  return template
    .split(/(\{\w+\})/)
    .map((part, i) => {
      if (i % 2 === 0) return escapeHtml(part);
      const name = part.slice(1, -1);
      return Object.hasOwn(values, name) ? (values[name] as string) : escapeHtml(part);
    })
    .join('');
}
