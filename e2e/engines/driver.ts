/**
 * The engine-neutral driver the shopper journeys are written against. An engine is a launcher
 * (`Engine`) giving browsers (`EngineBrowser`) whose pages (`ShopperPage`) do what a shopper does:
 * open, click, type, choose, press a key, read, and wait for the page to show something. A new
 * engine implements `DriverCore` (a handful of native calls); everything else is shared here.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/**
 * The browser's third-party cookie policy for a run:
 * - `default`: what the engine ships with (Chromium here: third-party cookies blocked; Firefox:
 *   Total Cookie Protection, cookies partitioned per top-level site; WebKitGTK: `no-third-party`,
 *   a third-party answer sets no cookie but cookies set first-party are still sent);
 * - `blocked`: third-party cookies blocked outright (Firefox `cookieBehavior` 1; WebKitGTK with
 *   Intelligent Tracking Prevention, as Safari, which also stops sending first-party cookies);
 * - `allowed`: third-party cookies allowed (Chromium's setting "Allow third-party cookies");
 * - `nothing`: no cookies at all, and with them no storage (Chromium's "Block all cookies": the
 *   page's `localStorage` and `sessionStorage` throw).
 */
export type CookiePolicy = 'default' | 'blocked' | 'allowed' | 'nothing';

/**
 * What a journey points at: a CSS selector, or the first element matching `css` (inside `within`)
 * whose text contains `text`. Of several matches the first one on screen is taken.
 */
export type Target = string | { css: string; text?: string; within?: Target };

export type Key = 'Enter' | 'Escape' | 'Tab' | 'Backspace';

/** Helpers every function evaluated in the page gets as its first argument. */
export interface InPage {
  /** The element `target` names, or null. */
  find(target: Target): Element | null;
  /** Its text, whitespace collapsed, or null when there is no such element. */
  text(target: Target): string | null;
  /** Whether the element takes up room on screen. */
  shown(element: Element): boolean;
  /** Whether it is shown and its box stays put over two rendering updates (as Playwright's "stable"). */
  settled(element: Element): Promise<boolean>;
}

/** A function run in the page: gets the helpers, then `args` (JSON values). Must not close over anything. */
export type PageFunction<A extends unknown[], R> = (page: InPage, ...args: A) => R | Promise<R>;

/** What every page of an engine does alike: go somewhere, reload, say where it is, close. */
interface Navigation {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** Presses a key in the focused element. */
  press(key: Key): Promise<void>;
  /** Sets the size of the page's viewport in CSS pixels. */
  viewport(width: number, height: number): Promise<void>;
  /** A PNG of what the viewport shows. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/** A page of one engine, driven as a shopper would. */
export interface ShopperPage extends Navigation {
  /** Clicks the element once it is on screen. */
  click(target: Target): Promise<void>;
  /** Replaces the field's text by typing, the way React and Preact see it, and checks it took. */
  fill(target: Target, value: string): Promise<void>;
  /** Chooses an option of a select by its value. */
  select(target: Target, value: string): Promise<void>;
  /** The element's text (whitespace collapsed), or null when it is not there. */
  text(target: Target): Promise<string | null>;
  evaluate<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R>;
  /**
   * Resolves with the function's first truthy answer, checked in the page on every change of the
   * DOM (and at least every 100 ms); across navigations. Fails after `timeout` ms with `what` and
   * what the shopper sees at that moment.
   */
  waitFor<A extends unknown[], R>(what: string, fn: PageFunction<A, R>, args: A, timeout?: number): Promise<R>;
  /** What the shopper sees now, in one line: the address, open dialogs, alerts, statuses, the pill. */
  shopperSees(): Promise<string>;
}

/** A running browser of one engine and policy; each page is a fresh profile (no cookies, no storage). */
export interface EngineBrowser {
  newPage(): Promise<ShopperPage>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** Whether the engine can be run here; otherwise what is missing. */
  missing(): string | undefined;
  launch(policy: CookiePolicy): Promise<EngineBrowser>;
}

/** An element as one engine's protocol holds it. */
export type ElementRef = unknown;

/** The native calls an engine's driver implements; `ShopperPage` is built on them. */
export interface DriverCore extends Navigation {
  /** Evaluates a JS expression in the page (awaiting a promise) and returns its JSON value. */
  evaluate(expression: string): Promise<unknown>;
  /** Evaluates a JS expression giving an element (or null) and returns the engine's handle to it. */
  element(expression: string): Promise<ElementRef | null>;
  /** A real click on the element (scrolled into view first). */
  clickElement(element: ElementRef): Promise<void>;
  /** Types text into the focused element, key by key. */
  type(text: string): Promise<void>;
}

/** The in-page helpers; serialized into every evaluated expression, so they close over nothing. */
function inPageHelpers(): InPage {
  const shown = (element: Element) => element.getClientRects().length > 0;
  const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
  const find = (target: Target): Element | null => {
    const spec = typeof target === 'string' ? { css: target } : target;
    const scope = spec.within ? find(spec.within) : document;
    if (!scope) return null;
    const all = [...scope.querySelectorAll(spec.css)].filter(
      (element) => spec.text === undefined || squash(element.textContent).includes(spec.text),
    );
    return all.find(shown) ?? all[0] ?? null;
  };
  const text = (target: Target) => {
    const element = find(target);
    return element ? squash(element.textContent) : null;
  };
  const settled = async (element: Element) => {
    if (!shown(element)) return false;
    const box = () => JSON.stringify(element.getBoundingClientRect());
    const before = box();
    // Two frames (a rendering update between them), or a tenth of a second where frames do not run.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 100);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          clearTimeout(timer);
          resolve();
        }),
      );
    });
    return element.isConnected && box() === before;
  };
  return { find, text, shown, settled };
}

const HELPERS = `(${inPageHelpers.toString()})()`;

/** `expression` with the name-keeping helper tsx wraps functions in, so functions compiled by tsx run in the page too. */
function inPage(expression: string): string {
  return `((__name) => ${expression})((f) => f)`;
}

/** The expression that calls `fn(helpers, ...args)` in the page. */
export function pageCall(fn: { toString(): string }, args: readonly unknown[]): string {
  return inPage(`(${fn.toString()})(${HELPERS}, ...${JSON.stringify(args)})`);
}

/** One round of waiting in the page: the answer once truthy, or `{ pending: last answer }` after `budget` ms. */
async function waitInPage(
  page: InPage,
  check: (page: InPage, ...rest: unknown[]) => unknown,
  args: unknown[],
  budget: number,
): Promise<{ done: unknown } | { pending: unknown }> {
  const end = performance.now() + budget;
  for (;;) {
    const answer = await check(page, ...args);
    if (answer) return { done: answer };
    if (performance.now() >= end) return { pending: answer ?? null };
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => finish());
      const timer = setTimeout(() => finish(), 100);
      function finish() {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }
}

/** Everything a shopper would notice on the page, for failure messages and the engine table. */
function shopperView(page: InPage): string {
  const parts: string[] = [`at ${location.pathname}${location.search}`];
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  for (const dialog of document.querySelectorAll('dialog[open]')) {
    const title = squash(dialog.querySelector('.store-dialog__title')?.textContent);
    const message = squash(dialog.querySelector('.store-alert__message')?.textContent);
    parts.push(`dialog '${title}'${message ? `: "${message}"` : ''}`);
  }
  const said = new Set<string>();
  for (const element of document.querySelectorAll('[role=alert], [role=status], .store-add-to-cart__unavailable')) {
    const text = squash(element.textContent);
    if (text && page.shown(element) && !said.has(text)) {
      said.add(text);
      parts.push(`${element.getAttribute('role') ?? 'note'} "${text}"`);
    }
  }
  const pill = page.text('store-cart-pill .store-cart-pill__items');
  parts.push(pill ? `pill "${pill}"` : 'no pill');
  return parts.join('; ');
}

/** Rejects when `call` has not settled within `ms`, naming it: a hung protocol call becomes an error. */
function bounded<T>(what: string, ms: number, call: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer from the browser in ${ms / 1000} s`)), ms);
  });
  return Promise.race([call, expired]).finally(() => clearTimeout(timer));
}

/** The engine's calls, each bounded: a page load may take long on a busy machine, a script call not. */
function boundedCore(core: DriverCore): DriverCore {
  const e = core.engine;
  return {
    engine: e,
    goto: (url) => bounded(`${e}: open ${url}`, 30_000, core.goto(url)),
    reload: () => bounded(`${e}: reload`, 30_000, core.reload()),
    url: () => bounded(`${e}: read the address`, 10_000, core.url()),
    evaluate: (expression) => bounded(`${e}: run a script`, 10_000, core.evaluate(expression)),
    element: (expression) => bounded(`${e}: find an element`, 10_000, core.element(expression)),
    clickElement: (element) => bounded(`${e}: click`, 10_000, core.clickElement(element)),
    type: (text) => bounded(`${e}: type`, 10_000, core.type(text)),
    press: (key) => bounded(`${e}: press ${key}`, 10_000, core.press(key)),
    viewport: (width, height) => bounded(`${e}: resize`, 10_000, core.viewport(width, height)),
    screenshot: () => bounded(`${e}: screenshot`, 30_000, core.screenshot()),
    close: () => bounded(`${e}: close the page`, 30_000, core.close()),
  };
}

/** A `ShopperPage` over an engine's native calls. */
export function shopperPage(native: DriverCore): ShopperPage {
  const core = boundedCore(native);
  const evaluate = <A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A) =>
    core.evaluate(pageCall(fn, args)) as Promise<R>;

  const shopperSees = async () => {
    try {
      return await evaluate(shopperView);
    } catch (error) {
      return `(the page could not be read: ${String(error).split('\n')[0]})`;
    }
  };

  const waitFor = async <A extends unknown[], R>(
    what: string,
    fn: PageFunction<A, R>,
    args: A,
    timeout = 10_000,
  ): Promise<R> => {
    const end = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      const budget = Math.max(0, Math.min(1_000, end - Date.now()));
      try {
        // The predicate goes in as source text: the page's Content-Security-Policy may refuse eval.
        // A round cut short by a navigation may never answer (puppeteer on Firefox): bounded to its budget.
        const round = (await bounded(
          `${core.engine}: wait in the page`,
          budget + 3_000,
          core.evaluate(
            inPage(`(${waitInPage.toString()})(${HELPERS}, ${fn.toString()}, ${JSON.stringify(args)}, ${budget})`),
          ),
        )) as { done: R } | { pending: unknown };
        if ('done' in round) return round.done;
        last = round.pending;
      } catch (error) {
        // A navigation ends the page's part of the wait; the next round runs in the new page.
        last = `(${String(error).split('\n')[0]})`;
      }
      if (Date.now() >= end) {
        const seen =
          last === null || last === undefined || last === false ? '' : ` (last answer: ${JSON.stringify(last)})`;
        throw new Error(`${what}: not within ${timeout / 1000} s${seen}. The shopper sees: ${await shopperSees()}`);
      }
    }
  };

  /** The element, once it is on screen and nothing moves it; retried while the page re-renders it. */
  const onScreen = async (target: Target, action: string) => {
    const expression = pageCall(
      (page: InPage, t: Target) => {
        const element = page.find(t);
        return element && page.shown(element) ? element : null;
      },
      [target],
    );
    await waitFor(
      `${action} ${describe(target)}`,
      (page, t: Target) => {
        const element = page.find(t);
        return !!element && page.settled(element);
      },
      [target],
    );
    const element = await core.element(expression);
    if (!element) throw new Error(`${action} ${describe(target)}: gone before it could be used`);
    return element;
  };

  const withRetry = async (what: string, attempt: () => Promise<void>) => {
    const end = Date.now() + 10_000;
    for (;;) {
      try {
        return await attempt();
      } catch (error) {
        // A re-render replaced the element between finding and using it: find it again.
        if (Date.now() >= end)
          throw new Error(`${what}: ${String(error)}. The shopper sees: ${await shopperSees()}`, { cause: error });
      }
    }
  };

  return {
    engine: core.engine,
    goto: (url) => core.goto(url),
    reload: () => core.reload(),
    url: () => core.url(),
    click: (target) =>
      withRetry(`click ${describe(target)}`, async () => core.clickElement(await onScreen(target, 'click'))),
    fill: async (target, value) => {
      await withRetry(`fill ${describe(target)}`, async () => {
        await onScreen(target, 'fill');
        const focused = await evaluate((page, t: Target) => {
          const field = page.find(t) as HTMLInputElement | null;
          if (!field) return false;
          field.focus();
          // Selected text is replaced by what is typed next (number fields too, where supported).
          field.select();
          return document.activeElement === field;
        }, target);
        if (!focused) throw new Error('the field did not take the focus');
      });
      if (value === '') await core.press('Backspace');
      else await core.type(value);
      await waitFor(
        `the field ${describe(target)} to read "${value}"`,
        (page, t: Target, v: string) => (page.find(t) as HTMLInputElement | null)?.value === v,
        [target, value],
      );
    },
    select: async (target, value) => {
      await onScreen(target, 'choose in');
      // As the browser reports a shopper's choice: the value, then `input` and `change`.
      const chosen = await evaluate(
        (page, t: Target, v: string) => {
          const select = page.find(t) as HTMLSelectElement | null;
          if (!select || ![...select.options].some((option) => option.value === v)) return false;
          select.value = v;
          select.dispatchEvent(new Event('input', { bubbles: true }));
          select.dispatchEvent(new Event('change', { bubbles: true }));
          return true;
        },
        target,
        value,
      );
      if (!chosen) throw new Error(`choose "${value}" in ${describe(target)}: no such option`);
    },
    press: (key) => core.press(key),
    viewport: (width, height) => core.viewport(width, height),
    screenshot: () => core.screenshot(),
    text: (target) => evaluate((page, t: Target) => page.text(t), target),
    evaluate,
    waitFor,
    shopperSees,
    close: () => core.close(),
  };
}

export function describe(target: Target): string {
  if (typeof target === 'string') return target;
  const own = target.text === undefined ? target.css : `${target.css} "${target.text}"`;
  return target.within ? `${describe(target.within)} >> ${own}` : own;
}

/** The page of Playwright and of puppeteer: the two share this shape, so one core serves both. */
export interface PuppetPage {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  url(): string;
  evaluate(expression: string): Promise<unknown>;
  evaluateHandle(expression: string): Promise<{ asElement(): unknown }>;
  keyboard: { type(text: string): Promise<void>; press(key: string): Promise<void> };
  screenshot(): Promise<Uint8Array>;
}

/** The native calls over a Playwright or puppeteer page; `close` ends its context, `viewport` resizes it. */
export function puppetCore(
  engine: EngineName,
  page: PuppetPage,
  close: () => Promise<void>,
  viewport: (width: number, height: number) => Promise<void>,
): DriverCore {
  return {
    engine,
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    url: async () => page.url(),
    evaluate: (expression) => page.evaluate(expression),
    element: async (expression) => (await page.evaluateHandle(expression)).asElement(),
    clickElement: (element) => (element as { click(): Promise<void> }).click(),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    viewport,
    screenshot: async () => Buffer.from(await page.screenshot()),
    close,
  };
}
