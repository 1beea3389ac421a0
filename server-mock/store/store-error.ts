/** Why a store operation refused: routes turn the kind into an HTTP status. */
export type StoreErrorKind = 'not-found' | 'invalid' | 'conflict';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
    /** More of the answer's JSON body, beside `message` (e.g. `fieldErrors`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
