import { inherited, space, themed } from '../ui/theme';
import { CONTROL_STYLES } from '../ui/control-styles';
import { useControlClass } from '../ui/controls';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { parseVariants } from '../../runtime/product/types';
import { storeContext } from '../../runtime/session/store-context';
import { useRestockSignUp } from './use-restock-sign-up';
import { useSoldOutVariant } from './use-sold-out-variant';
import { RESTOCK_STRINGS } from '../../contract/widget-messages/restock';
import { translator } from '../../runtime/i18n/t';

const t = translator(RESTOCK_STRINGS);

export interface RestockBoxProps extends WidgetHostProps {
  /** Product id (`data-product-id`). */
  productId?: string;
  /** Limit the box to one variant, by sku (`data-variant-id`). */
  variantId?: string;
  /** The product's variants with stock, JSON (`data-variants`), to know what is sold out before a choice. */
  variants?: string;
  /** Offer the mailing list, overriding the store setting (`data-mailing-list`: "true"/"false"). */
  mailingList?: string;
  /** Text after signing up, overriding the store's (`data-success-text`; 'Signed up!' when neither). */
  successText?: string;
}

/** Back-in-stock sign-up for a sold-out product or variant (storefront spec, sections 2, 4, 5, 7). */
export function RestockBox(props: RestockBoxProps) {
  const { productId = '' } = props;
  const settings = storeContext().restock;
  const variants = useMemo(() => parseVariants(props.variants, '<store-restock-box> data-variants'), [props.variants]);
  const variantId = useSoldOutVariant(productId, variants, props.variantId);
  if (!variantId) return null;
  // A new variant gets a fresh form (its own sign-up state and CAPTCHA).
  return (
    <RestockForm
      key={variantId}
      productId={productId}
      variantId={variantId}
      mailingList={props.mailingList === undefined ? settings.mailingListSignUpEnabled : props.mailingList === 'true'}
      optInByDefault={settings.mailingListOptInByDefault}
      withCaptcha={settings.captcha}
      successText={props.successText || settings.successText || t('restock.signedUp')}
    />
  );
}

interface RestockFormProps {
  productId: string;
  variantId: string;
  mailingList: boolean;
  optInByDefault: boolean;
  withCaptcha: boolean;
  successText: string;
}

function RestockForm(props: RestockFormProps) {
  const ids = useId();
  const captchaSlot = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [join, setJoin] = useState(props.optInByDefault);
  const signUp = useRestockSignUp(props.productId, props.variantId, captchaSlot, props.withCaptcha);
  const controls = {
    label: useControlClass('label', 'store-restock__label'),
    input: useControlClass('input', 'store-restock__email'),
    button: useControlClass('button', 'store-restock__button'),
  };

  if (signUp.phase === 'done') {
    return (
      <section className="store-restock" aria-labelledby={`${ids}-cta`}>
        <p id={`${ids}-cta`} className="store-restock__success" role="status">
          {props.successText}
        </p>
      </section>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signUp.submit(emailRef.current?.value ?? '', props.mailingList && join);
    requestAnimationFrame(() => {
      if (emailRef.current?.getAttribute('aria-invalid') === 'true') emailRef.current.focus();
    });
  };
  const emailError = signUp.error === t('restock.blank') || signUp.error === t('restock.invalid');

  return (
    <section className="store-restock" aria-labelledby={`${ids}-cta`}>
      <p id={`${ids}-cta`} className="store-restock__cta">
        {t('restock.cta')}
      </p>
      <form className="store-restock__form" noValidate onSubmit={onSubmit}>
        <label className={controls.label} htmlFor={`${ids}-email`}>
          {t('restock.email')}
        </label>
        <input
          ref={emailRef}
          className={controls.input}
          id={`${ids}-email`}
          type="email"
          name="email"
          autoComplete="email"
          aria-required="true"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={signUp.error ? `${ids}-error` : undefined}
        />
        {props.mailingList ? (
          <label className="store-restock__join">
            <input type="checkbox" checked={join} onChange={(event) => setJoin(event.target.checked)} />
            {t('restock.mailingList')}
          </label>
        ) : null}
        {props.withCaptcha ? <div ref={captchaSlot} className="store-restock__captcha" /> : null}
        <button type="submit" className={controls.button} aria-disabled={signUp.phase === 'sending' ? true : undefined}>
          {t('restock.button')}
        </button>
        <p id={`${ids}-error`} className="store-restock__error" role="alert">
          {signUp.error ?? ''}
        </p>
      </form>
    </section>
  );
}

export const RESTOCK_STYLES = `${CONTROL_STYLES}
store-restock-box { display: block; font-family: ${themed('--store-font')}; color: ${inherited('--store-text-color')}; }
.store-restock { display: grid; gap: ${space(0.5)}; max-width: 28rem; margin: ${space(1)} 0; padding: ${space(1)}; border: 1px solid var(--store-divider-color, #d6d2c7); border-radius: ${themed('--store-radius-large')}; }
.store-restock__cta { margin: 0; font: inherit; font-weight: 600; }
.store-restock__form { display: grid; gap: ${space(0.5)}; justify-items: start; }
.store-restock__label { margin: 0; }
.store-restock__email { width: 100%; }
.store-restock__email[aria-invalid=true] { border-color: ${themed('--store-error-color')}; }
.store-restock__captcha { max-width: 100%; overflow-x: auto; }
.store-restock__join { display: flex; gap: .4rem; align-items: center; margin: 0; font: inherit; }
.store-restock__join input { margin: 0; }
.store-restock__error { margin: 0; font: inherit; color: ${themed('--store-error-color')}; font-weight: 600; min-height: 1.5em; }
.store-restock__error:empty { min-height: 0; }
.store-restock__success { margin: 0; font: inherit; font-weight: 600; }
`;
