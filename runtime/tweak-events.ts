import { useEffect, useLayoutEffect, useMemo } from 'react';
import { emit, type StoreEventName } from './events';

/**
 * Tweak events (platform spec, section 4: change, close, save, reset, after show, after close,
 * before open): what the owner's editors tell the page about the settings they edit, as typed
 * `store-tweak-*` DOM events on `document`.
 */
export const TWEAK_EVENTS = {
  change: 'store-tweak-change',
  close: 'store-tweak-close',
  save: 'store-tweak-save',
  reset: 'store-tweak-reset',
  afterShow: 'store-tweak-after-show',
  afterClose: 'store-tweak-after-close',
  beforeOpen: 'store-tweak-before-open',
} as const satisfies Record<string, StoreEventName>;

export type TweakEvent = keyof typeof TWEAK_EVENTS;

/** The events an editor sends, typed by the settings `V` it edits. */
export interface TweakEmitter<V> {
  beforeOpen(): void;
  afterShow(values: V): void;
  change(values: V): void;
  save(values: V): void;
  reset(values: V): void;
  close(): void;
  afterClose(): void;
}

/** The tweak events of editor `editor` (its tag), dispatched on `target` (the document). */
export function tweakEmitter<V>(
  editor: string,
  target: EventTarget | undefined = globalThis.document,
): TweakEmitter<V> {
  const send = (event: TweakEvent, values?: V) =>
    emit(TWEAK_EVENTS[event], values === undefined ? { editor } : { editor, values }, target);
  return {
    beforeOpen: () => send('beforeOpen'),
    afterShow: (values) => send('afterShow', values),
    change: (values) => send('change', values),
    save: (values) => send('save', values),
    reset: (values) => send('reset', values),
    close: () => send('close'),
    afterClose: () => send('afterClose'),
  };
}

/**
 * An editor's tweak events over its life: `before open` as it mounts, `after show` once `shown`
 * holds its settings, `close` then `after close` as it unmounts. Returns the emitter for
 * change, save and reset.
 */
export function useTweakEvents<V>(editor: string, shown: V | null | undefined): TweakEmitter<V> {
  const emitter = useMemo(() => tweakEmitter<V>(editor), [editor]);
  useLayoutEffect(() => {
    emitter.beforeOpen();
    return () => {
      emitter.close();
      // The editor's DOM is gone once React has finished this commit.
      queueMicrotask(() => emitter.afterClose());
    };
  }, [emitter]);
  const isShown = shown !== null && shown !== undefined;
  useEffect(() => {
    if (isShown) emitter.afterShow(shown);
    // Once, when the settings first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [emitter, isShown]);
  return emitter;
}
