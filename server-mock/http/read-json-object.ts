import type { Context } from 'hono';
import { refuseControlCharacters } from '../validation/payload-check';
import { HttpError } from './http-error';

/** Reads the request body as a JSON object whose texts hold no control character, or refuses with a clear 400. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') throw new HttpError(400, 'The request body must be a JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  refuseControlCharacters(value);
  return value as Record<string, unknown>;
}
