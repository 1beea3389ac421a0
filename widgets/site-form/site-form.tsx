import { inherited, space, themed } from '../ui/theme';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { renderCaptcha, type CaptchaWidget } from '../../runtime/captcha/captcha';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { emit } from '../../runtime/events';
import { isHttpError } from '../../runtime/http/client';
import { fetchFormDefinition } from '../../runtime/http/site-forms';
import { placesContextOf } from '../../runtime/http/places';
import { readPageContext } from '../../runtime/session/page-context';
import { navigate } from '../../runtime/session/navigate';
import { initialValues, type FormValues } from '../additional-fields/field-values';
import { firstFieldInError, FormFieldList } from '../additional-fields/form-field';
import { collectAnswers, HONEYPOT_NAME } from './collect-answers';
import { parseSiteFormDefinition, toSiteFormDefinition, type SiteFormDefinition } from './site-form-definition';
import { submitSiteForm, type PageFields } from './submit-site-form';
import { SuccessMessage } from './success-message';
import { validateSiteForm } from './validate-site-form';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { translator } from '../../runtime/i18n/t';
import { scrollToElement } from '../../runtime/tween';
import { useDataFetch } from '../../runtime/use-data-fetch';

const t = translator(FORM_STRINGS);

export interface SiteFormProps extends WidgetHostProps {
  /** The form definition as JSON (`data-form`); when absent it is fetched by `data-form-id`. */
  form?: string;
  /** The form's id (`data-form-id`): where submissions go, and how the definition is fetched (`GET /api/template/GetTemplateSchema?type=form&id=…`). */
  formId?: string;
  /** Id of the page the form is on (`data-page-id`), sent as `pageId` (default `''`). */
  pageId?: string;
  /** 'i' on an item page, 'c' (the default) on a collection page (`data-content-source`), sent as `contentSource`. */
  contentSource?: string;
  /** The page's permission type (`data-page-permission`, a whole number, 1 by default), sent as `pagePermissionTypeValue`. */
  pagePermission?: string;
  /**
   * Where the message area sits (`data-message-position`): 'bottom' (the default), by the
   * submit button, or 'top', above the first field.
   */
  messagePosition?: string;
}

type Definition =
  { state: 'loading' } | { state: 'ready'; form: SiteFormDefinition } | { state: 'failed'; message: string };

/** The definition from `data-form`, else fetched by id (the data-fetch helper's states). */
function useDefinition(json: string | undefined, formId: string | undefined): Definition {
  const inline = useMemo(() => parseSiteFormDefinition(json), [json]);
  const fetched = useDataFetch<SiteFormDefinition | null>(
    // Nothing to fetch with an inline definition or without an id: `null` (unused below).
    async () => (inline || !formId ? null : toSiteFormDefinition(await fetchFormDefinition(formId))),
    [inline, formId],
  );

  if (inline) return { state: 'ready', form: inline };
  if (!formId) return { state: 'failed', message: t('form.notConfigured') };
  if (fetched.status === 'pending') return { state: 'loading' };
  if (fetched.status === 'failed') {
    const { error } = fetched;
    const notFound = isHttpError(error) && error.response.status === 404;
    return { state: 'failed', message: notFound ? t('form.notConfigured') : t('form.loadFailed') };
  }
  return fetched.data ? { state: 'ready', form: fetched.data } : { state: 'failed', message: t('form.notConfigured') };
}

function pageFields(props: SiteFormProps): PageFields {
  const permission = Number.parseInt(props.pagePermission ?? '', 10);
  return {
    pageTitle: document.title,
    pageId: props.pageId ?? '',
    contentSource: props.contentSource === 'i' ? 'i' : 'c',
    pagePath: globalThis.location.pathname,
    pagePermissionTypeValue: Number.isFinite(permission) ? permission : 1,
  };
}

/** A site form (storefront spec, sections 3, 4, 5 and 8): fields, CAPTCHA, submission and its messages. */
export function SiteForm(props: SiteFormProps) {
  const definition = useDefinition(props.form, props.formId);
  if (definition.state === 'loading') {
    return <div className="store-site-form store-site-form--loading" aria-busy="true" />;
  }
  if (definition.state === 'failed') {
    return (
      <div className="store-site-form">
        <p className="store-site-form__message" role="alert">
          {definition.message}
        </p>
      </div>
    );
  }
  return <SiteFormView {...props} definition={definition.form} key={definition.form.id ?? ''} />;
}

interface SiteFormViewProps extends SiteFormProps {
  definition: SiteFormDefinition;
}

function SiteFormView(props: SiteFormViewProps) {
  const { definition: form } = props;
  const top = props.messagePosition === 'top';
  const [values, setValues] = useState<FormValues>(() => initialValues(form));
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [captchaSolved, setCaptchaSolved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // On a product page the address field's details call carries the page's tracking context.
  const placesContext = useMemo(() => placesContextOf(readPageContext()), []);
  const captchaRef = useRef<HTMLDivElement>(null);
  const captcha = useRef<CaptchaWidget | null>(null);
  const busy = useRef(false);
  const ids = useId();

  // Analytics: the form was shown (the census sends form-render).
  const formId = props.formId ?? form.id ?? '';
  const host = props.host;
  useEffect(() => {
    emit('store-form-render', { formId }, host);
  }, [formId, host]);

  useEffect(() => {
    const container = captchaRef.current;
    if (!form.captcha || !container) return;
    let current = true;
    renderCaptcha(container, {
      onSolved: () => setCaptchaSolved(true),
      onExpired: () => setCaptchaSolved(false),
    }).then(
      (widget) => {
        if (current) captcha.current = widget;
        else widget.destroy();
      },
      (error: unknown) => {
        // The button stays bound to the CAPTCHA: submitting says to complete it.
        if (current) console.warn('The form CAPTCHA is unavailable', error);
      },
    );
    return () => {
      current = false;
      captcha.current?.destroy();
      captcha.current = null;
    };
  }, [form.captcha]);

  // Focus goes to the first field in error once the errors are on screen. Where the message tells the
  // shopper to scroll up or down to review, the page scrolls there first (30 px above it, clamped duration).
  const [errorFocus, setErrorFocus] = useState(0);
  const focusedAtErrors = useRef<Element | null>(null);
  useEffect(() => {
    if (errorFocus === 0) return;
    const field = firstFieldInError(formRef.current);
    if (!field) return;
    if (form.newsletter) {
      field.focus();
      return;
    }
    const target = field.closest('.store-field') ?? field;
    // A shopper who moved on to another field since the errors came keeps their place.
    void scrollToElement(target).then(() => {
      const now = document.activeElement;
      if (now === focusedAtErrors.current || now === document.body) field.focus({ preventScroll: true });
    });
  }, [errorFocus, form.newsletter]);

  /** Field errors on their fields, and (except on newsletter forms) what went wrong and where to look. */
  const showFieldErrors = (fieldErrors: Record<string, string>, extra: string[] = []) => {
    setErrors(fieldErrors);
    const surrounding = form.newsletter
      ? []
      : [t('form.invalidFields'), top ? t('form.scrollDown') : t('form.scrollUp')];
    setMessages([...surrounding, ...extra]);
    focusedAtErrors.current = document.activeElement;
    setErrorFocus((n) => n + 1);
  };

  const fail = (message: string) => {
    setErrors({});
    setMessages([message]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;

    const fieldErrors = validateSiteForm(form, values);
    if (Object.keys(fieldErrors).length > 0) {
      showFieldErrors(fieldErrors);
      return;
    }
    const captchaKey = form.captcha ? (captcha.current?.response() ?? '') : undefined;
    if (form.captcha && !captchaKey) {
      fail(t('form.captcha'));
      return;
    }
    let answers: string;
    try {
      answers = JSON.stringify(collectAnswers(form, values, honeypot));
    } catch {
      fail(t('form.parse'));
      return;
    }

    busy.current = true;
    setSubmitting(true);
    setErrors({});
    setMessages([]);
    const outcome = await submitSiteForm({
      formId,
      form: answers,
      ...(captchaKey ? { captchaKey } : {}),
      page: pageFields(props),
    });

    if (outcome.ok) {
      emit('store-ads-pixel', { name: 'Lead', formId }, props.host);
      captcha.current?.destroy();
      captcha.current = null;
      if (form.successRedirect) {
        navigate(form.successRedirect);
        return;
      }
      setSubmitting(false);
      setSucceeded(true);
      return;
    }

    busy.current = false;
    setSubmitting(false);
    if (form.captcha) {
      captcha.current?.reset();
      setCaptchaSolved(false);
    }
    const fieldErrors400 = outcome.fieldErrors ?? {};
    if (Object.keys(fieldErrors400).length > 0) {
      const known = new Set(form.fields.filter((f) => f.type !== 'hidden' && f.type !== 'section').map((f) => f.id));
      const onFields = Object.fromEntries(Object.entries(fieldErrors400).filter(([id]) => known.has(id)));
      // Messages for fields the form does not show (hidden ones, the honeypot) go with the others.
      const elsewhere = Object.entries(fieldErrors400)
        .filter(([id]) => !known.has(id))
        .map(([, message]) => message);
      if (Object.keys(onFields).length > 0) {
        showFieldErrors(onFields, elsewhere);
        return;
      }
      fail(elsewhere.join(' '));
      return;
    }
    fail(outcome.message);
  };

  if (succeeded) {
    return (
      <div className="store-site-form">
        <SuccessMessage html={form.successMessage ?? t('form.thankYou')} />
      </div>
    );
  }

  const locked = submitting || (form.captcha && !captchaSolved);
  const messageArea = (
    <div className={`store-site-form__messages store-site-form__messages--${top ? 'top' : 'bottom'}`} role="alert">
      {messages.map((message, index) => (
        <p key={index} className="store-site-form__message">
          {message}
        </p>
      ))}
    </div>
  );

  return (
    <div className={`store-site-form${form.newsletter ? ' store-site-form--newsletter' : ''}`}>
      <form
        ref={formRef}
        className="store-form store-site-form__form"
        noValidate
        aria-label={form.name}
        aria-busy={submitting ? true : undefined}
        onSubmit={(event) => void submit(event)}
      >
        {top ? messageArea : null}
        <FormFieldList
          fields={form.fields}
          values={values}
          errors={errors}
          setValues={setValues}
          sectionHeadingLevel={2}
          placesContext={placesContext}
        />
        <div className="store-site-form__honeypot" aria-hidden="true">
          <label htmlFor={`${ids}-hp`}>{t('form.honeypot')}</label>
          <input
            id={`${ids}-hp`}
            type="text"
            name={HONEYPOT_NAME}
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
          />
        </div>
        {form.captcha ? <div ref={captchaRef} className="store-site-form__captcha" /> : null}
        <div className="store-site-form__actions">
          <button
            type="submit"
            className="store-button store-site-form__submit"
            aria-disabled={locked ? true : undefined}
          >
            {submitting ? t('form.submitting') : (form.submitLabel ?? t('form.submit'))}
          </button>
        </div>
        {top ? null : messageArea}
        <p className="store-visually-hidden" role="status">
          {submitting ? t('form.submitting') : ''}
        </p>
      </form>
    </div>
  );
}

export const SITE_FORM_STYLES = `
store-site-form { font-family: ${themed('--store-font')}; color: ${inherited('--store-text-color')}; }
.store-site-form { display: block; max-width: 40rem; }
.store-site-form .store-form { max-height: none; overflow: visible; }
.store-site-form__messages:empty { display: none; }
.store-site-form__messages { border-left: 4px solid ${themed('--store-error-color')}; padding: ${space(0.5)} ${space(0.75)}; background: ${themed('--store-error-background-color')}; }
.store-site-form__message { margin: 0; color: ${themed('--store-error-color')}; font-weight: 600; }
.store-site-form__message + .store-site-form__message { margin-top: .35rem; }
.store-site-form__honeypot { position: absolute !important; left: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden; }
.store-site-form__captcha:empty { display: none; }
.store-site-form__actions { display: flex; gap: ${space(0.5)}; }
.store-site-form__success { padding: ${space(0.75)} 0; }
.store-site-form__success:focus { outline: none; }
.store-site-form__success:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
`;
