import type { Variant } from './types';

export interface VariantOption {
  name: string;
  values: string[];
}

/**
 * The options a shopper chooses from: names in the product's ordering (then
 * first-seen order for any not listed), values in first-seen order.
 */
export function variantOptions(variants: readonly Variant[], ordering: readonly string[] = []): VariantOption[] {
  const values = new Map<string, string[]>();
  for (const variant of variants) {
    for (const [name, value] of Object.entries(variant.attributes)) {
      const list = values.get(name) ?? [];
      if (!list.includes(value)) list.push(value);
      values.set(name, list);
    }
  }
  const names = [...ordering.filter((n) => values.has(n)), ...[...values.keys()].filter((n) => !ordering.includes(n))];
  return names.map((name) => ({ name, values: values.get(name) ?? [] }));
}

/** The variant whose attributes equal the selection, if every option is chosen and such a variant exists. */
export function findVariant(
  variants: readonly Variant[],
  options: readonly VariantOption[],
  selection: Readonly<Record<string, string>>,
): Variant | undefined {
  if (variants.length === 1) return variants[0];
  if (options.some((o) => !selection[o.name])) return undefined;
  return variants.find((v) => options.every((o) => v.attributes[o.name] === selection[o.name]));
}

/** Names of the options still unchosen, in display order. */
export function unselectedOptions(
  options: readonly VariantOption[],
  selection: Readonly<Record<string, string>>,
): string[] {
  return options.filter((o) => !selection[o.name]).map((o) => o.name);
}
