import type { Context } from 'hono';
import { parseJson, refuse, refuseControlCharacters, type Check } from './payload-check';

/** Reads a form-encoded body (whatever its content type says) with exactly these fields. */
export async function readForm<const K extends string>(c: Context, fields: readonly K[]): Promise<Record<K, string>> {
  const params = new URLSearchParams(await c.req.text());
  const out = {} as Record<K, string>;
  for (const key of new Set(params.keys())) {
    if (!(fields as readonly string[]).includes(key)) refuse(key, 'is not a known field');
    if (params.getAll(key).length > 1) refuse(key, 'must be sent once');
  }
  for (const key of fields) {
    const value = params.get(key);
    if (value === null) refuse(key, 'is required');
    out[key] = value;
  }
  refuseControlCharacters(out);
  return out;
}

/** Reads a JSON body whatever its content type says (beacons send text/plain) and checks it. */
export async function readJson<T>(c: Context, check: Check<T>): Promise<T> {
  const source = await c.req.text();
  if (source.trim() === '') refuse('The request body', 'must not be empty');
  return check(parseJson(source, 'The request body', 'body'), 'body');
}
