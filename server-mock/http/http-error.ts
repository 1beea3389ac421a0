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
