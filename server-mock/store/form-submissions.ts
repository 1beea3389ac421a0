import { controlCharacterMessage, findControlCharacter } from '../../contract/control-characters';
import { randomBytes } from 'node:crypto';
import { CAPTCHA_REQUIRED, FORM_SUBMISSION_MESSAGES } from '../../contract/messages';
import type { CaptchaCheck } from './captcha';
import { checkAnswers, keptAnswers } from './check-answers';
import type { Db } from './db';
import { getFormDefinition } from './forms';

/** A submission key is good for one submission within 30 minutes. */
export const SUBMISSION_KEY_TTL_MS = 30 * 60_000;

/** The field the site form renders hidden: people leave it empty, form-filling robots do not. */
export const HONEYPOT_FIELD = 'website-url-hp';

/** What a refused submission says (as `error`), besides the statuses the widget maps itself. */
export const SUBMISSION_MESSAGES = {
  captcha: CAPTCHA_REQUIRED,
  formId: 'formId is required.',
  formText: FORM_SUBMISSION_MESSAGES.parse,
  captchaKey: 'captchaKey must be text.',
  contentSource: "contentSource must be 'i' or 'c'.",
  pageText: (name: string) => `${name} must be text.`,
  pagePermission: 'pagePermissionTypeValue must be a whole number.',
} as const;

/** Issues a single-use submission key, stored with its expiry. */
export function createSubmissionKey(db: Db): string {
  const now = Date.now();
  const key = randomBytes(24).toString('base64url');
  db.transaction(() => {
    db.prepare('DELETE FROM form_submission_keys WHERE expires <= ?').run(now - SUBMISSION_KEY_TTL_MS);
    db.prepare('INSERT INTO form_submission_keys (key, created, expires) VALUES (?, ?, ?)').run(
      key,
      now,
      now + SUBMISSION_KEY_TTL_MS,
    );
  })();
  return key;
}

/** What became of a submission; the route turns each kind into its status. */
export type SubmissionOutcome =
  | { kind: 'stored' }
  /** The honeypot was filled in: nothing stored, but the sender is told it worked. */
  | { kind: 'ignored' }
  | { kind: 'unknown-form' }
  /** The key is missing, unknown, used or expired. */
  | { kind: 'bad-key' }
  | { kind: 'invalid'; error: string }
  | { kind: 'fields'; errors: Record<string, string> };

interface PageFields {
  pageTitle: string;
  pageId: string;
  contentSource: string;
  pagePath: string;
  pagePermissionTypeValue: number | null;
}

/** The page fields of a submission (each optional, but of the right type), or the problem. */
function pageFields(body: Record<string, unknown>): PageFields | string {
  const text: Partial<Record<'pageTitle' | 'pageId' | 'pagePath', string>> = {};
  for (const name of ['pageTitle', 'pageId', 'pagePath'] as const) {
    const value = body[name] ?? '';
    if (typeof value !== 'string' || value.length > 2048) return SUBMISSION_MESSAGES.pageText(name);
    text[name] = value;
  }
  const contentSource = body.contentSource ?? '';
  if (contentSource !== '' && contentSource !== 'i' && contentSource !== 'c') return SUBMISSION_MESSAGES.contentSource;
  const permission = body.pagePermissionTypeValue ?? null;
  if (permission !== null && !Number.isSafeInteger(permission)) return SUBMISSION_MESSAGES.pagePermission;
  return {
    pageTitle: text.pageTitle ?? '',
    pageId: text.pageId ?? '',
    contentSource,
    pagePath: text.pagePath ?? '',
    pagePermissionTypeValue: permission as number | null,
  };
}

function parseAnswers(form: unknown): Record<string, unknown> | undefined {
  if (typeof form !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(form);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}

function keyIsLive(db: Db, key: unknown): key is string {
  if (typeof key !== 'string' || key === '' || key.length > 100) return false;
  return db
    .prepare('SELECT 1 FROM form_submission_keys WHERE key = ? AND used IS NULL AND expires > ?')
    .get(key, Date.now())
    ? true
    : false;
}

/** Thrown inside the saving transaction to undo it (a spent key stays unspent). */
class Refused extends Error {
  constructor(readonly outcome: SubmissionOutcome) {
    super(outcome.kind);
  }
}

/**
 * Checks and stores a site-form submission, in this order: the form exists, the key is live,
 * the payload has the right types, the honeypot is empty, every field passes, the CAPTCHA
 * (when the form asks for one) verifies through `captcha`, which spends its token. The key is
 * spent and the submission committed in one transaction, before this returns.
 */
export async function saveFormSubmission(
  db: Db,
  body: Record<string, unknown>,
  captcha: CaptchaCheck,
): Promise<SubmissionOutcome> {
  const formId = body.formId;
  if (typeof formId !== 'string' || formId === '') {
    return { kind: 'invalid', error: SUBMISSION_MESSAGES.formId };
  }
  const form = getFormDefinition(db, formId);
  if (!form) return { kind: 'unknown-form' };
  if (!keyIsLive(db, body.key)) return { kind: 'bad-key' };
  const key = body.key as string;
  const answers = parseAnswers(body.form);
  if (!answers) return { kind: 'invalid', error: SUBMISSION_MESSAGES.formText };
  const control = findControlCharacter(answers, 'form');
  if (control) return { kind: 'invalid', error: controlCharacterMessage(control) };
  if (body.captchaKey !== undefined && body.captchaKey !== null && typeof body.captchaKey !== 'string') {
    return { kind: 'invalid', error: SUBMISSION_MESSAGES.captchaKey };
  }
  const page = pageFields(body);
  if (typeof page === 'string') return { kind: 'invalid', error: page };
  const honeypot = isFilled(answers[HONEYPOT_FIELD]);
  const checked = honeypot ? undefined : checkAnswers(form, answers);
  if (checked && Object.keys(checked.errors).length > 0) return { kind: 'fields', errors: checked.errors };
  if (checked && form.captcha && !(await captcha(body.captchaKey))) {
    return { kind: 'invalid', error: SUBMISSION_MESSAGES.captcha };
  }

  const save = db.transaction((): SubmissionOutcome => {
    const now = Date.now();
    const spent = db
      .prepare('UPDATE form_submission_keys SET used = ? WHERE key = ? AND used IS NULL AND expires > ?')
      .run(now, key, now);
    if (spent.changes !== 1) throw new Refused({ kind: 'bad-key' });
    if (!checked) return { kind: 'ignored' };
    db.prepare(
      `INSERT INTO form_submissions
         (form_id, answers, page_title, page_id, content_source, page_path, page_permission_type, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      formId,
      JSON.stringify(keptAnswers(form, checked.answers)),
      page.pageTitle,
      page.pageId,
      page.contentSource,
      page.pagePath,
      page.pagePermissionTypeValue,
      now,
    );
    return { kind: 'stored' };
  });
  try {
    return save.immediate();
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}
