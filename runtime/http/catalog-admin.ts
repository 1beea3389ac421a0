import { TimeoutError } from 'ky';
import {
  CATALOG_API,
  type CatalogCollection,
  type CatalogTerms,
  type ImportJob,
  type TermRequest,
  type TermType,
} from '../../contract/catalog-admin';
import { CATALOG_ADMIN_STRINGS } from '../../contract/widget-messages/catalog-admin';
import { translator } from '../i18n/t';
import { http, isHttpError } from './client';
import { toStoreApiError } from './errors';

const t = translator(CATALOG_ADMIN_STRINGS);

/** A failed owner call, with the message to show. */
export class OwnerCallError extends Error {
  override readonly name = 'OwnerCallError';
}

/**
 * The owner's message for a failed call (platform spec, section 8): a timeout is "Unable to
 * connect. Please try again", no answer "Network error", 404 "Unable to locate content", a
 * server failure "Something went wrong", a refusal its own message.
 */
export function ownerMessage(error: unknown): string {
  if (error instanceof OwnerCallError) return error.message;
  if (error instanceof TimeoutError) return t('catalogAdmin.unableToConnect');
  if (isHttpError(error)) {
    const status = error.response.status;
    if (status === 404) return t('catalogAdmin.unableToLocate');
    if (status >= 500) return t('catalogAdmin.somethingWrong');
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message.trim() !== '') return toStoreApiError(error).message;
    return t('catalogAdmin.somethingWrong');
  }
  if (error instanceof TypeError) return t('catalogAdmin.networkError');
  return t('catalogAdmin.somethingWrong');
}

async function owner<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new OwnerCallError(ownerMessage(error));
  }
}

const termPath = (type: TermType, name: string) =>
  `${CATALOG_API}/terms/${encodeURIComponent(type)}/${encodeURIComponent(name)}`;

/** GET the tags and categories. */
/** The store's collections; a failure is "Unable to load collections" (platform spec, section 8). */
export async function fetchCollections(): Promise<CatalogCollection[]> {
  try {
    return (await http().get(`${CATALOG_API}/collections`).json<{ collections: CatalogCollection[] }>()).collections;
  } catch {
    throw new OwnerCallError(t('catalogAdmin.unableToLoadCollections'));
  }
}

export function fetchTerms(): Promise<CatalogTerms> {
  return owner(() => http().get(`${CATALOG_API}/terms`).json<CatalogTerms>());
}

export function addTerm(type: TermType, name: string): Promise<{ name: string }> {
  return owner(() =>
    http()
      .post(`${CATALOG_API}/terms`, { json: { type, name } satisfies TermRequest })
      .json<{ name: string }>(),
  );
}

export function renameTerm(type: TermType, from: string, name: string): Promise<{ name: string }> {
  return owner(() => http().put(termPath(type, from), { json: { name } }).json<{ name: string }>());
}

export function removeTerm(type: TermType, name: string): Promise<unknown> {
  return owner(() => http().delete(termPath(type, name)).json<unknown>());
}

/** GET the products as CSV text. */
export function exportProducts(fileName: string): Promise<Blob> {
  return owner(() => http().get(`${CATALOG_API}/export`, { searchParams: { fileName } }).blob());
}

/**
 * POST a CSV file: the import job. A call that never completes is "File upload failed to
 * complete"; a server failure "There was a problem while uploading your file"; a refused file
 * the server's message.
 */
export async function uploadProducts(file: Blob, fileName: string): Promise<ImportJob> {
  try {
    return await http()
      .post(`${CATALOG_API}/import`, {
        searchParams: { fileName },
        body: file,
        headers: { 'content-type': 'text/csv' },
        timeout: 60_000,
      })
      .json<ImportJob>();
  } catch (error) {
    if (isHttpError(error)) {
      const data = error.data as { message?: unknown } | undefined;
      const refused = error.response.status < 500 && typeof data?.message === 'string';
      throw new OwnerCallError(refused ? ownerMessage(error) : t('catalogAdmin.uploadProblem'));
    }
    throw new OwnerCallError(t('catalogAdmin.uploadIncomplete'));
  }
}

function isJob(value: unknown): value is ImportJob {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ImportJob).status === 'string' &&
    typeof (value as ImportJob).processed === 'number'
  );
}

/** GET the job; an answer without a job is "No response data from job request", any failure "Unable to load results". */
export async function fetchImportJob(id: string): Promise<ImportJob> {
  let text: string;
  try {
    text = await http()
      .get(`${CATALOG_API}/import/${encodeURIComponent(id)}`)
      .text();
  } catch {
    throw new OwnerCallError(t('catalogAdmin.unableToLoadResults'));
  }
  let job: unknown;
  try {
    job = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    job = undefined;
  }
  if (!isJob(job)) throw new OwnerCallError(t('catalogAdmin.noJobData'));
  return job;
}

/** DELETE: cancel a running import (nothing of it is written). */
export function cancelImport(id: string): Promise<ImportJob> {
  return owner(() =>
    http()
      .delete(`${CATALOG_API}/import/${encodeURIComponent(id)}`)
      .json<ImportJob>(),
  );
}
