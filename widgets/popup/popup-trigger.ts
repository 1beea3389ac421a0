import type { PopupTrigger } from '../../contract/site-settings';

/** When the pop-up opens: its trigger and the trigger's setting. */
export interface TriggerOptions {
  trigger: PopupTrigger;
  /** Milliseconds after mounting (`delay`). */
  delayMs: number;
  /** Percent of the page scrolled (`scroll`). */
  scrollPercent: number;
}

/** How far down the page the window has scrolled, in percent (100 when the page does not scroll). */
export function scrolledPercent(win: Window): number {
  const root = win.document.documentElement;
  const room = root.scrollHeight - win.innerHeight;
  return room <= 0 ? 100 : (win.scrollY / room) * 100;
}

/**
 * Calls `open` once when the trigger fires: after the delay, on scrolling past the percentage, or
 * when the pointer leaves the page through the top edge (exit intent). Returns the function that
 * disarms it.
 */
export function armTrigger(win: Window, options: TriggerOptions, open: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    stop();
    open();
  };
  let stop = () => {};
  if (options.trigger === 'delay') {
    const timer = win.setTimeout(fire, Math.max(0, options.delayMs));
    stop = () => win.clearTimeout(timer);
  } else if (options.trigger === 'scroll') {
    const check = () => {
      if (scrolledPercent(win) >= options.scrollPercent) fire();
    };
    win.addEventListener('scroll', check, { passive: true });
    stop = () => win.removeEventListener('scroll', check);
  } else {
    const leave = (event: MouseEvent) => {
      if (!event.relatedTarget && event.clientY <= 0) fire();
    };
    win.document.addEventListener('mouseout', leave);
    stop = () => win.document.removeEventListener('mouseout', leave);
  }
  return () => {
    done = true;
    stop();
  };
}
