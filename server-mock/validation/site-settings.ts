import { isDeliverableEmail } from '../../contract/email';
import {
  POPUP_TRIGGERS,
  SITE_SETTINGS_MESSAGES as M,
  SUPPORTED_LANGUAGES,
  type PopupSettings,
  type SiteHeaderFooter,
  type SiteLink,
} from '../../contract/site-settings';
import { HttpError } from '../http/http-error';
import { StoreError } from '../store/store-error';
import { MAILING_LISTS } from '../store/site-settings';

/** Links a header or footer holds at most, and the longest label or address. */
const MAX_LINKS = 12;
const MAX_TEXT = 500;

const refuse = (message: string): never => {
  throw new HttpError(400, message);
};

/** A 400 `{message, errors: {field: message}}` naming the field (`footer.links.0.url`) at fault. */
const refuseField = (field: string, message: string): never => {
  throw new StoreError('invalid', message, { errors: { [field]: message } });
};

function text(value: unknown, name: string, max = MAX_TEXT): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return refuse(`${name} must be text.`);
  if (value.length > max) return refuse(`${name} is longer than ${max} characters.`);
  return value.trim();
}

/** A page path of this site: `/`, `/shop`, `/shop/p/linen-shirt#reviews`. */
const PAGE_PATH = /^\/(?:[\w\-.~%!$&'()*+,;=:@]+\/)*[\w\-.~%!$&'()*+,;=:@]*(?:[?#]\S*)?$/;
/** An absolute web address: http(s), a host with a dot, no spaces. */
const WEB_URL = /^https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d+)?(?:[/?#][^\s]*)?$/;

/** The host a shopper meant, for the message's example (`example.com` when unclear). */
function hostOf(url: string): string {
  const host = url
    .replace(/^[a-z]+:\/*/i, '')
    .split(/[/?#\s]/)[0]
    ?.trim();
  return host && /^[A-Za-z0-9.-]+$/.test(host) ? host : 'example.com';
}

/** Checks one link address; answers the spec's message for the kind of address it looks like. */
export function checkLinkUrl(url: string): string | null {
  if (url.startsWith('/')) return PAGE_PATH.test(url) ? null : M.pageUrl(url);
  if (/^mailto:/i.test(url) || (url.includes('@') && !url.includes('/'))) {
    const address = url.replace(/^mailto:/i, '');
    return /^mailto:/i.test(url) && isDeliverableEmail(address) ? null : M.emails('mailto:name@example.com');
  }
  return WEB_URL.test(url) ? null : M.links(hostOf(url));
}

function linkList(value: unknown, name: string, field: string): SiteLink[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return refuse(`${name} must be a list.`);
  if (value.length > MAX_LINKS) return refuse(`${name} holds at most ${MAX_LINKS} links.`);
  return value.map((raw, i) => {
    const link =
      raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : refuse(`${name} ${i + 1} must be an object.`);
    const label = text(link.label, 'A link label', 80);
    const url = text(link.url, 'A link address');
    if (label === '') refuseField(`${field}.${i}.label`, 'Every link needs a label.');
    const problem = url === '' ? M.pageUrl('""') : checkLinkUrl(url);
    if (problem) refuseField(`${field}.${i}.url`, problem);
    return { label, url };
  });
}

/** The body of `PUT /api/site-header-footer`, checked; a 400 `{message}` names the first problem. */
export function readHeaderFooter(body: Record<string, unknown>): SiteHeaderFooter {
  const header = body.header && typeof body.header === 'object' ? (body.header as Record<string, unknown>) : {};
  const footer = body.footer && typeof body.footer === 'object' ? (body.footer as Record<string, unknown>) : {};
  const email = text(footer.email, 'The footer e-mail', 256);
  if (email !== '' && !isDeliverableEmail(email)) refuseField('footer.email', M.validEmail);
  return {
    header: { links: linkList(header.links, 'Header links', 'header.links') },
    footer: {
      text: text(footer.text, 'The footer text'),
      email,
      links: linkList(footer.links, 'Footer links', 'footer.links'),
    },
  };
}

/** The body of `PUT /api/popup` (or the owner's form), checked. */
export function readPopupSettings(body: Record<string, unknown>): Omit<PopupSettings, 'version'> {
  const mailingList = text(body.mailingList, 'The mailing list', 80);
  if (!MAILING_LISTS.some((l) => l.id === mailingList)) refuse(M.listRequired);
  const trigger =
    POPUP_TRIGGERS.find((t) => t === body.trigger) ??
    refuse(`${String(body.trigger)} is not one of the expected options`);
  const count = (value: unknown, name: string, min: number, max: number): number => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max
      ? n
      : refuse(`${name} must be a whole number from ${min} to ${max}.`);
  };
  const heading = text(body.heading, 'The heading', 120);
  if (heading === '') refuse('The heading cannot be blank.');
  return {
    enabled: body.enabled === true || body.enabled === 'true',
    heading,
    text: text(body.text, 'The text'),
    formId: text(body.formId, 'The form', 80) || 'newsletter',
    mailingList,
    trigger,
    delaySeconds: count(body.delaySeconds ?? 5, 'The delay', 0, 600),
    scrollPercent: count(body.scrollPercent ?? 50, 'The scroll depth', 1, 100),
  };
}

/** The body of `PUT /api/multilingual/languages`: language codes, the default first. */
export function readLanguageCodes(body: Record<string, unknown>): string[] {
  const { languages } = body;
  if (!Array.isArray(languages) || languages.length === 0) return refuse('languages must be a list of language codes.');
  const codes: string[] = [];
  for (const raw of languages) {
    const code =
      typeof raw === 'string' ? raw : raw && typeof raw === 'object' ? (raw as { code?: unknown }).code : raw;
    if (typeof code !== 'string' || !Object.hasOwn(SUPPORTED_LANGUAGES, code)) {
      return refuse(`${String(code).slice(0, 40)} is not one of the expected options`);
    }
    if (codes.includes(code)) return refuse('This language already exists');
    codes.push(code);
  }
  return codes;
}
