import { useEffect, useEffectEvent, useState, type ComponentType } from 'react';
import { ERROR_STRINGS } from '../../contract/widget-messages/error';
import { chunkLoadFailed, loadChunk } from '../../runtime/loader-api';
import { ensureStyles } from '../../runtime/widget-styles';
import { translator } from '../../runtime/i18n/t';

const t = translator(ERROR_STRINGS);

/** Where a click-only part of a widget comes from. */
export interface LazyPartSource<P> {
  /** The code's chunk, as named in "Loading chunk {id} failed". */
  id: string;
  /** Imports the part's component. */
  code: () => Promise<ComponentType<P>>;
  /**
   * Imports the part's CSS, from a chunk of CSS only (named `{id}-styles` in "Loading chunk … failed",
   * code `CSS_CHUNK_LOAD_FAILED`), added to the document as stylesheet `store-{id}` before the part renders.
   */
  styles?: () => Promise<string>;
}

/** A part of a widget whose code (and CSS) is fetched when it is first needed. */
export interface LazyPart<P> {
  /** The component, once it has loaded. */
  loaded(): ComponentType<P> | undefined;
  /**
   * Fetches the code and CSS through the chunk-load rules (120 s timeout, `ChunkLoadError`s that
   * go to the console and the error reporter). One fetch at a time; after a failure the next call
   * tries again.
   */
  load(): Promise<ComponentType<P>>;
}

export function lazyPart<P>(source: LazyPartSource<P>): LazyPart<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const reported = <T,>(chunk: Promise<T>) =>
    chunk.catch((error: unknown) => {
      chunkLoadFailed(error);
      throw error;
    });
  return {
    loaded: () => component,
    load() {
      const { styles } = source;
      loading ??= Promise.all([
        reported(loadChunk(source.id, source.code)),
        styles ? reported(loadChunk(`${source.id}-styles`, styles, { css: true })) : undefined,
      ]).then(
        ([loaded, css]) => {
          if (styles && css !== undefined) ensureStyles(`store-${source.id}`, css);
          component = loaded;
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * The part while `open`: loads it on the first open (nothing shows meanwhile); when it cannot
 * load, `onFailed` runs (the opener closes) and `failed` is true until the next open, which tries
 * again.
 */
export function useLazyPart<P>(
  part: LazyPart<P>,
  open: boolean,
  onFailed: () => void,
): { Part: ComponentType<P> | undefined; failed: boolean } {
  const [Part, setPart] = useState<ComponentType<P> | undefined>(() => part.loaded());
  const [failed, setFailed] = useState(false);
  const fail = useEffectEvent(onFailed);
  // Opening again clears the last failure from this very render (React's "adjust state on prop change").
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setFailed(false);
  }
  useEffect(() => {
    if (!open || Part) return;
    let live = true;
    part.load().then(
      (loaded) => {
        if (live) setPart(() => loaded);
      },
      () => {
        if (!live) return;
        setFailed(true);
        fail();
      },
    );
    return () => {
      live = false;
    };
  }, [open, Part, part]);
  return { Part: open ? Part : undefined, failed };
}

/** What a widget shows where a part that could not load would be. */
export function LoadFailed() {
  return (
    <p role="alert" className="store-load-failed">
      {t('error.loadFailed')}
    </p>
  );
}
