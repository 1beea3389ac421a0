/** Why a store operation refused: routes turn the kind into an HTTP status. */
export type StoreErrorKind = 'not-found' | 'invalid' | 'conflict';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
  ) {
    super(message);
  }
}
