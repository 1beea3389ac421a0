import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addedStyles } from '../../runtime/ensure-styles';
import {
  ChunkLoadError,
  CSS_CHUNK_LOAD_FAILED,
  reportChunkLoadErrorsTo,
  resetChunkLoadErrors,
} from '../../runtime/errors/chunk-load';
import { lazyPart, LoadFailed, useLazyPart, type LazyPart } from './lazy-part';

afterEach(() => {
  resetChunkLoadErrors();
  vi.restoreAllMocks();
});

function reported(): ChunkLoadError[] {
  const errors: ChunkLoadError[] = [];
  reportChunkLoadErrorsTo((error) => errors.push(error));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  return errors;
}

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** A part `hello` whose code fails to load once (a TypeError with `message`), then loads. */
function failingOnce(message: string) {
  const code = vi
    .fn<() => Promise<typeof Hello>>()
    .mockRejectedValueOnce(new TypeError(message))
    .mockResolvedValue(Hello);
  return { code, part: lazyPart({ id: 'hello', code }) };
}

describe('lazyPart', () => {
  it('fails as a ChunkLoadError that reaches the error reporter, and the next load tries again', async () => {
    const errors = reported();
    const { code, part } = failingOnce('Failed to fetch dynamically imported module');
    const error = await part.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('Loading chunk hello failed');
    expect(errors.map((e) => e.message)).toEqual(['Loading chunk hello failed']);
    expect(console.warn).toHaveBeenCalledWith('Loading chunk hello failed', error);
    expect(part.loaded()).toBeUndefined();
    await expect(part.load()).resolves.toBe(Hello);
    expect(code).toHaveBeenCalledTimes(2);
    expect(part.loaded()).toBe(Hello);
  });

  it('loads a chunk of styles only as CSS: its failure has the code CSS_CHUNK_LOAD_FAILED', async () => {
    const errors = reported();
    const css = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValue('.x{}');
    const part = lazyPart({
      id: 'hello',
      code: async () => Hello,
      styles: css,
    });
    const error = (await part.load().catch((e: unknown) => e)) as ChunkLoadError;
    expect(error.message).toBe('Loading chunk hello-styles failed');
    expect(error.code).toBe(CSS_CHUNK_LOAD_FAILED);
    expect(errors).toEqual([error]);
    expect(addedStyles('store-hello')).toBeUndefined();
    // The next need tries again, and the CSS is in the document before the part is handed over.
    await expect(part.load()).resolves.toBe(Hello);
    expect(addedStyles('store-hello')).toContain('html :where(.x) {}');
  });
});

describe('useLazyPart', () => {
  function Opener({ part }: { part: LazyPart<{ name: string }> }) {
    const [open, setOpen] = useState(false);
    const { Part, failed } = useLazyPart(part, open, () => setOpen(false));
    return (
      <div>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {Part ? <Part name="world" /> : failed ? <LoadFailed /> : null}
      </div>
    );
  }

  it('says the part could not load, closes it, and loads it on the next open', async () => {
    const errors = reported();
    const { code, part } = failingOnce('offline');
    render(<Opener part={part} />);
    expect(code).not.toHaveBeenCalled();
    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to load. Try again.');
    expect(errors.map((e) => e.message)).toEqual(['Loading chunk hello failed']);
    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByText('Hello world')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(code).toHaveBeenCalledTimes(2);
  });
});
