import { useEffect, useRef, useState, type RefObject } from 'react';
import { renderCaptcha, type CaptchaWidget } from '../../runtime/captcha/captcha';
import { toStoreApiError } from '../../runtime/http/errors';
import { signUpForRestock } from '../../runtime/http/restock';
import { isValidEmail } from '../../contract/email';
import { RESTOCK_STRINGS } from '../../contract/widget-messages/restock';
import { translator } from '../../runtime/i18n/t';

const t = translator(RESTOCK_STRINGS);

export type RestockPhase = 'idle' | 'sending' | 'done';

export interface RestockSignUp {
  phase: RestockPhase;
  error: string | null;
  /** Whether a CAPTCHA is being shown and is not solved yet. */
  captchaPending: boolean;
  submit(email: string, joinMailingList: boolean): void;
}

/**
 * The sign-up behind a restock box, whatever its markup: checks, the CAPTCHA (rendered into
 * `captchaSlot` when asked for), the call, and what happens after success or failure.
 */
export function useRestockSignUp(
  productId: string,
  variantId: string,
  captchaSlot: RefObject<HTMLElement | null>,
  withCaptcha: boolean,
): RestockSignUp {
  const [phase, setPhase] = useState<RestockPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [captchaPending, setCaptchaPending] = useState(withCaptcha);
  const captcha = useRef<CaptchaWidget | null>(null);

  useEffect(() => {
    const slot = captchaSlot.current;
    if (!withCaptcha || !slot) return;
    let cancelled = false;
    renderCaptcha(slot, { onSolved: () => setCaptchaPending(false), onExpired: () => setCaptchaPending(true) }).then(
      (widget) => {
        if (cancelled) widget.destroy();
        else captcha.current = widget;
      },
      (problem: unknown) => {
        if (!cancelled) setError(problem instanceof Error ? problem.message : String(problem));
      },
    );
    return () => {
      cancelled = true;
      captcha.current?.destroy();
      captcha.current = null;
    };
  }, [withCaptcha, captchaSlot]);

  return {
    phase,
    error,
    captchaPending,
    submit(email, joinMailingList) {
      if (phase !== 'idle') return;
      const address = email.trim();
      const problem = !address
        ? t('restock.blank')
        : !isValidEmail(address)
          ? t('restock.invalid')
          : withCaptcha && !captcha.current?.response()
            ? t('restock.captcha')
            : null;
      setError(problem);
      if (problem) return;
      setPhase('sending');
      const captchaToken = captcha.current?.response();
      signUpForRestock({
        productId,
        variantId,
        siteVisitorEmail: address,
        isJoinMailingList: joinMailingList,
        ...(captchaToken ? { captchaToken } : {}),
      }).then(
        () => {
          captcha.current?.destroy();
          captcha.current = null;
          setPhase('done');
        },
        (failure: unknown) => {
          captcha.current?.reset();
          if (withCaptcha) setCaptchaPending(true);
          setError(toStoreApiError(failure).message);
          setPhase('idle');
        },
      );
    },
  };
}
