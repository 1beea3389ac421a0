import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { translator } from '../../runtime/i18n/t';

const t = translator(ADD_TO_CART_STRINGS);

/** The add button's phases: idle -> adding -> added -> idle, or adding -> failed -> idle. */
export type ButtonPhase = 'idle' | 'adding' | 'added' | 'failed';

/** The add button's label in the `add-to-bag` variant of the `add-button-label` AB test (English only). */
export const ADD_TO_BAG_LABEL = 'Add To Bag';
/** The AB test on the add button's label (experiment configuration of the store context). */
export const LABEL_EXPERIMENT = 'add-button-label';
/** After a successful add the button keeps 'Adding…' this long, then shows 'Added!'. */
export const ADDED_AFTER_MS = 1000;
/** How long 'Added!' stays. */
export const ADDED_FOR_MS = 2000;
/** After an error the button returns to idle this much later. */
export const ERROR_RESET_MS = 1000;

/** What the button reads in each phase ('failed' already reads the idle label again). */
export function buttonLabel(phase: ButtonPhase, idleLabel: string): string {
  return phase === 'adding' ? t('addToCart.adding') : phase === 'added' ? t('addToCart.added') : idleLabel;
}

export type RunResult = 'added' | 'failed' | 'ignored' | 'left';

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

/**
 * Times the add button (storefront spec, section 4). Only `idle` accepts a run;
 * everything else, 'Added!' included, ignores clicks.
 */
export class AddButtonMachine {
  private current: ButtonPhase = 'idle';
  private timer: unknown;

  constructor(
    private readonly onChange: (phase: ButtonPhase) => void,
    private readonly timers: Timers = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    },
  ) {}

  get phase(): ButtonPhase {
    return this.current;
  }

  private go(phase: ButtonPhase, thenIdleAfter?: number): void {
    this.current = phase;
    this.onChange(phase);
    if (thenIdleAfter !== undefined) this.timer = this.timers.setTimeout(() => this.go('idle'), thenIdleAfter);
  }

  /**
   * Runs one add. `action` resolves to 'left' when it navigated away (express
   * checkout, subscriptions, gift cards): the button then stays 'Adding…'.
   * A failure goes to `onError` at once and the button is idle 1 s later.
   */
  async run(action: () => Promise<'added' | 'left'>, onError: (error: unknown) => void): Promise<RunResult> {
    if (this.current !== 'idle') return 'ignored';
    this.go('adding');
    let outcome: 'added' | 'left';
    try {
      outcome = await action();
    } catch (error) {
      this.go('failed', ERROR_RESET_MS);
      onError(error);
      return 'failed';
    }
    if (outcome === 'left') return 'left';
    this.timer = this.timers.setTimeout(() => this.go('added', ADDED_FOR_MS), ADDED_AFTER_MS);
    return 'added';
  }

  /** Back to idle at once (the page came back from the back/forward cache after leaving). */
  reset(): void {
    this.dispose();
    if (this.current !== 'idle') this.go('idle');
  }

  /** Stops pending timers (the widget left the page). */
  dispose(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
  }
}
