import { MASKED_PASSWORD_PLACEHOLDER } from '../../contract/limits';
import type { Db } from './db';
import { getForm } from './forms';

/** How far back the owner's home looks for new form submissions and reported errors. */
export const ATTENTION_WINDOW_MS = 7 * 24 * 3600_000;
/** Submissions and errors the home lists at most (newest first); the counts cover the whole window. */
export const ATTENTION_LIST_SIZE = 5;

/** One form submission as the owner's home lists it. */
export interface SubmissionSummary {
  id: number;
  formName: string;
  created: number;
  pagePath: string;
  /** Each answer by field title; password answers are masked. */
  answers: { title: string; value: string }[];
}

/** What needs the owner's attention (the `/config` home). */
export interface OwnerAttention {
  /** Products or variants with shoppers waiting for a restock e-mail, and how many shoppers. */
  restock: { groups: number; signUps: number };
  submissions: { count: number; latest: SubmissionSummary[] };
  errors: { count: number; latest: { message: string; source: string; url: string; reported: number }[] };
}

/** An answer as text: structured answers (name, address, …) joined, lists by commas. */
function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ');
  if (typeof value === 'object') return Object.values(value).map(answerText).filter(Boolean).join(' ');
  return String(value);
}

/** What needs the owner's attention as of `now`. */
export function ownerAttention(db: Db, now: number): OwnerAttention {
  const since = now - ATTENTION_WINDOW_MS;
  const restock = db
    .prepare(
      `SELECT COUNT(DISTINCT product_id || ' ' || sku) AS groups, COUNT(*) AS signUps
       FROM restock_sign_ups WHERE sent IS NULL`,
    )
    .get() as { groups: number; signUps: number };
  const count = (sql: string) => (db.prepare(sql).get(since) as { n: number }).n;
  const rows = db
    .prepare(
      `SELECT id, form_id, answers, page_path, created FROM form_submissions
       WHERE created >= ? ORDER BY id DESC LIMIT ?`,
    )
    .all(since, ATTENTION_LIST_SIZE) as {
    id: number;
    form_id: string;
    answers: string;
    page_path: string;
    created: number;
  }[];
  const latest = rows.map((row): SubmissionSummary => {
    const form = getForm(db, row.form_id);
    const given = JSON.parse(row.answers) as Record<string, unknown>;
    const fields = form?.fields.filter((f) => f.type !== 'section' && f.type !== 'hidden') ?? [];
    return {
      id: row.id,
      formName: form?.name ?? row.form_id,
      created: row.created,
      pagePath: row.page_path,
      answers: fields
        .filter((f) => Object.hasOwn(given, f.id))
        .map((f) => ({
          title: f.title,
          value: f.type === 'password' ? MASKED_PASSWORD_PLACEHOLDER : answerText(given[f.id]),
        })),
    };
  });
  const errors = db
    .prepare(
      `SELECT message, source, url, reported FROM analytics_error_reports
       WHERE created >= ? ORDER BY id DESC LIMIT ?`,
    )
    .all(since, ATTENTION_LIST_SIZE) as OwnerAttention['errors']['latest'];
  return {
    restock,
    submissions: { count: count('SELECT COUNT(*) AS n FROM form_submissions WHERE created >= ?'), latest },
    errors: { count: count('SELECT COUNT(*) AS n FROM analytics_error_reports WHERE created >= ?'), latest: errors },
  };
}
