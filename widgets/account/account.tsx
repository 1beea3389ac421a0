import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { on } from '../../runtime/events';
import { CONTROL_STYLES } from '../ui/control-styles';
import { themed } from '../ui/theme';
import { useControlClass } from '../ui/controls';
import { currentSiteUserInfo, register, signIn, signOut } from '../../runtime/session/account';
import { ACCOUNT_STRINGS } from '../../contract/widget-messages/account';
import { translator } from '../../runtime/i18n/t';

const t = translator(ACCOUNT_STRINGS);

export interface AccountProps extends WidgetHostProps {
  /** `data-clone-cart="false"`: a signed-out visitor starts with an empty cart (default: keeps it). */
  cloneCart?: string;
}

type Busy = 'signing-in' | 'registering' | 'signing-out' | null;

/**
 * Member sign-in and sign-out (platform spec, sections 4 and 7): e-mail, password and remember
 * me, then a sign-out button. The page follows without a reload. The password lives only in the
 * field and the one sign-in call: the field is emptied after every attempt.
 */
export function Account({ cloneCart }: AccountProps) {
  const [signedIn, setSignedIn] = useState(() => currentSiteUserInfo().authenticated);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  // What the store said after an account was asked for (check your e-mail).
  const [notice, setNotice] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const controls = {
    label: useControlClass('label'),
    input: useControlClass('input', 'store-account__input'),
    signIn: useControlClass('button', 'store-account__sign-in'),
    signOut: useControlClass('button', 'store-account__sign-out'),
  };
  const password = useRef<HTMLInputElement>(null);
  const ids = useId();

  // Another <store-account> (or theme code) may sign in or out: follow it.
  useEffect(() => on('store-session-change', (event) => setSignedIn(event.detail.signedIn), document), []);

  const onSignIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    setBusy(registering ? 'registering' : 'signing-in');
    setError(null);
    setNotice(null);
    const email = text('email');
    const done = registering
      ? register({ email, password: text('password') }).then((message) => {
          setNotice(message);
          setRegistering(false);
        })
      : signIn({ email, password: text('password'), rememberMe: form.get('rememberMe') === 'on' });
    done.then(
      () => setBusy(null),
      (failure: unknown) => {
        setBusy(null);
        setError(failure instanceof Error ? failure.message : String(failure));
        password.current?.focus();
      },
    );
    if (password.current) password.current.value = '';
  };

  const onSignOut = () => {
    if (busy) return;
    setBusy('signing-out');
    setError(null);
    signOut({ cloneCart: cloneCart !== 'false' }).then(
      () => setBusy(null),
      (failure: unknown) => {
        setBusy(null);
        setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
  };

  const alert = error ? (
    <p className="store-account__error" id={`${ids}-error`} role="alert">
      {error}
    </p>
  ) : null;

  if (signedIn) {
    return (
      <div className="store-account store-account--signed-in">
        <p className="store-account__status">{t('account.signedIn')}</p>
        {alert}
        <button type="button" className={controls.signOut} aria-disabled={busy ? true : undefined} onClick={onSignOut}>
          {busy === 'signing-out' ? t('account.signingOut') : t('account.signOut')}
        </button>
      </div>
    );
  }
  const described = error ? `${ids}-error` : undefined;
  return (
    <form className="store-account" method="post" action="#" noValidate onSubmit={onSignIn}>
      {notice ? (
        <p className="store-account__notice" role="status">
          {notice}
        </p>
      ) : null}
      {alert}
      <p className="store-account__field">
        <label className={controls.label} htmlFor={`${ids}-email`}>
          {t('account.email')}
        </label>
        <input
          className={controls.input}
          id={`${ids}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </p>
      <p className="store-account__field">
        <label className={controls.label} htmlFor={`${ids}-password`}>
          {t('account.password')}
        </label>
        <input
          className={controls.input}
          id={`${ids}-password`}
          ref={password}
          name="password"
          type="password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </p>
      {registering ? null : (
        <p className="store-account__remember">
          <input id={`${ids}-remember`} name="rememberMe" type="checkbox" />
          <label htmlFor={`${ids}-remember`}>{t('account.rememberMe')}</label>
        </p>
      )}
      <button type="submit" className={controls.signIn} aria-disabled={busy ? true : undefined}>
        {busy === 'signing-in'
          ? t('account.signingIn')
          : busy === 'registering'
            ? t('account.registering')
            : t(registering ? 'account.register' : 'account.signIn')}
      </button>
      <button
        type="button"
        className="store-account__switch"
        onClick={() => {
          setRegistering(!registering);
          setError(null);
          setNotice(null);
        }}
      >
        {t(registering ? 'account.toSignIn' : 'account.toRegister')}
      </button>
    </form>
  );
}

export const ACCOUNT_STYLES = `${CONTROL_STYLES}
store-account { display: block; }
.store-account { display: grid; gap: .75rem; justify-items: start; max-width: 24rem; margin: 0; }
.store-account__field { display: grid; margin: 0; width: 100%; }
.store-account__input { width: 100%; }
.store-account__remember { margin: 0; display: flex; gap: .4rem; align-items: center; }
.store-account__remember input, .store-account__remember label { margin: 0; font: inherit; }
.store-account__error { margin: 0; font: inherit; color: ${themed('--store-error-color')}; font-weight: 600; }
.store-account__status, .store-account__notice { margin: 0; font: inherit; }
.store-account__switch { appearance: none !important; margin: 0; font: inherit; line-height: inherit; text-transform: none; background: none; border: 0; padding: 0; color: inherit; text-decoration: underline; cursor: pointer; }
`;
