/** A page of a cursor-paged list: follow `nextPageCursor` while `hasNextPage`. */
export type Page<K extends string, T> = Record<K, T[]> & {
  hasNextPage: boolean;
  nextPageCursor: string | null;
};
