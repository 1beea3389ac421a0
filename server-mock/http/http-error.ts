/** A request the server refuses, with the status and message to send back as JSON. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
  ) {
    super(message);
  }
}

/** The HTTP status of each kind of store refusal (`StoreError`), for the API and the pages' forms alike. */
export const STATUS_OF_KIND = { 'not-found': 404, invalid: 400, conflict: 409 } as const;
