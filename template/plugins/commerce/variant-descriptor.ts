/** `variant-descriptor`: a variant described by its option values, "Large / Blue". */
import { isObject } from '../../values';
import { objectList } from './fields';
import { htmlText } from './html';

/** The variant's option values joined by " / " (escaped); empty when it has none. */
export function variantDescriptor(variant: unknown): string {
  const optionValues = objectList(isObject(variant) ? variant.optionValues : undefined);
  return optionValues
    .map((option) => htmlText(option.value))
    .filter((value) => value !== '')
    .join(' / ');
}
