import { createElement, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { RESTOCK_NOTIFICATION_CLASS } from '../../contract/class-names';
import { ensureStyles, WidgetErrorBoundary } from '../../runtime/define-widget';
import { on } from '../../runtime/events';
import { lastChosenVariant } from '../../runtime/product/chosen-variant';
import type { Variant } from '../../runtime/product/types';
import { storeContext } from '../../runtime/session/store-context';
import { RESTOCK_STYLES } from './restock-box';
import { useRestockSignUp } from './use-restock-sign-up';
import { isSoldOut } from './use-sold-out-variant';
import { RESTOCK_STRINGS } from '../../contract/widget-messages/restock';
import { translator } from '../../runtime/i18n/t';

const t = translator(RESTOCK_STRINGS);

/**
 * The sign-up on the markup the platform's `product-restock-notification` formatter renders:
 * one block per variant (`data-variant-id`), hidden unless that variant is sold out. The form
 * keeps its markup; messages, the CAPTCHA and the success text go in a region added after it.
 */

/** Shows the block when its variant is the chosen one and is sold out; hides it for another choice. */
function follow(block: HTMLElement, productId: string, variantId: string, variant: Variant | null | undefined): void {
  if (!variant) return; // nothing chosen yet: the server's choice of hidden or shown stands
  block.hidden = !(variant.sku === variantId && isSoldOut(variant));
}

/** The email field has only a placeholder in the platform markup; give it an accessible name. */
function nameEmailField(input: HTMLInputElement | null): void {
  if (input && !input.labels?.length && !input.hasAttribute('aria-label')) {
    input.setAttribute('aria-label', input.placeholder || t('restock.email'));
  }
}

/** After signing up, the form (and the mailing-list choice) make way for the success text. */
function hideForm(form: HTMLFormElement | null, join: HTMLInputElement | null): void {
  if (form) form.hidden = true;
  const joinLabel = join?.closest('label');
  if (joinLabel) joinLabel.hidden = true;
}

/** An e-mail problem marks the field and moves focus to it. */
function markEmail(email: HTMLInputElement | null, error: string | null): void {
  if (!email) return;
  if (error === t('restock.blank') || error === t('restock.invalid')) {
    email.setAttribute('aria-invalid', 'true');
    email.focus();
  } else email.removeAttribute('aria-invalid');
}

function PlatformRestock({ block }: { block: HTMLElement }) {
  const productId = block.dataset.productId ?? '';
  const variantId = block.dataset.variantId ?? '';
  const form = block.querySelector('form');
  const email = block.querySelector<HTMLInputElement>('input[name=email]');
  const join = block.querySelector<HTMLInputElement>('input[name=isJoinMailingList]');
  // The platform markup may carry its own CAPTCHA container; otherwise ours is used.
  const ownSlot = useRef<HTMLDivElement>(null);
  const existingSlot = useMemo(() => block.querySelector<HTMLElement>('.captcha-container'), [block]);
  const captchaSlot = useMemo(() => (existingSlot ? { current: existingSlot } : ownSlot), [existingSlot]);
  const signUp = useRestockSignUp(productId, variantId, captchaSlot, storeContext().restock.captcha);

  useEffect(() => {
    nameEmailField(email);
    follow(block, productId, variantId, lastChosenVariant(productId));
    return on('store-variant-change', (event) => {
      if (event.detail.itemId === productId) follow(block, productId, variantId, event.detail.variant);
    });
  }, [block, email, productId, variantId]);

  const submit = useEffectEvent((event: Event) => {
    event.preventDefault();
    signUp.submit(email?.value ?? '', join?.checked ?? false);
  });
  useEffect(() => {
    const onSubmit = (event: Event) => submit(event);
    form?.addEventListener('submit', onSubmit);
    return () => form?.removeEventListener('submit', onSubmit);
  }, [form]);

  const done = signUp.phase === 'done';
  useEffect(() => {
    if (done) hideForm(form, join);
  }, [done, form, join]);
  useEffect(() => markEmail(email, signUp.error), [email, signUp.error]);

  if (done) {
    return (
      <p className="store-restock__success" role="status">
        {storeContext().restock.successText || t('restock.signedUp')}
      </p>
    );
  }
  return (
    <>
      {existingSlot ? null : <div ref={ownSlot} className="store-restock__captcha" />}
      <p className="store-restock__error" role="alert">
        {signUp.error ?? ''}
      </p>
    </>
  );
}

/** The platform markup this module brings to life (the `product-restock-notification` sign-up block); the loader's registry takes it from here. */
export const ENHANCES = `.${RESTOCK_NOTIFICATION_CLASS}[data-product-id]`;

/** The blocks stay hidden until a sold-out variant is chosen: brought to life once the page is interactive, or on first contact. */
export const ENHANCE_AFTER_INTERACTIVE = true;

/** Brings one platform restock block to life (once). */
export function enhance(block: Element): void {
  if (!(block instanceof HTMLElement) || block.dataset.storeEnhanced) return;
  block.dataset.storeEnhanced = 'true';
  ensureStyles('store-restock-box', RESTOCK_STYLES);
  const region = document.createElement('div');
  region.className = 'store-restock__region';
  block.append(region);
  createRoot(region).render(
    createElement(WidgetErrorBoundary, { tag: RESTOCK_NOTIFICATION_CLASS }, createElement(PlatformRestock, { block })),
  );
}
