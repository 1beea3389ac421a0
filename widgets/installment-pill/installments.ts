import {
  installmentOffer as offerIn,
  type InstallmentLimits,
  type InstallmentOffer,
} from '../../contract/installments';
import { storeContext } from '../../runtime/session/store-context';

export { providerFor, type InstallmentLimits, type InstallmentOffer, type Provider } from '../../contract/installments';

/** What the pill says for a price, in the store context's locale and wording. */
export function installmentOffer(priceCents: number, limits: InstallmentLimits, currency: string): InstallmentOffer {
  return offerIn(priceCents, limits, currency, storeContext());
}
