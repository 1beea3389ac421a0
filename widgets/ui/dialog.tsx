import { space, themed } from './theme';
import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { DIALOG_STRINGS } from '../../contract/widget-messages/dialog';
import { translator } from '../../runtime/i18n/t';

const t = translator(DIALOG_STRINGS);

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** Heading text; also the dialog's accessible name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for messages that need acknowledging. */
  role?: 'dialog' | 'alertdialog';
  /** Extra class on the `<dialog>` element. */
  className?: string;
  /** Id of the element that describes the dialog (the message of an alert). */
  describedBy?: string;
  /** Close when the backdrop (outside the panel) is clicked. */
  closeOnBackdrop?: boolean;
}

/**
 * A modal on the native `<dialog>`: the page behind is inert, Escape and the close
 * control close it, Tab stays inside, and focus goes back where it was on close.
 * Focus starts on the element marked `data-autofocus`, else the first focusable one.
 * Rendered only while open.
 */
export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
  className,
  describedBy,
  closeOnBackdrop,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCancel = useEffectEvent((event: Event) => {
    // Escape: close through React so state and DOM agree.
    event.preventDefault();
    onClose();
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = dialog.ownerDocument.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const cancel = (event: Event) => onCancel(event);
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = event.currentTarget.ownerDocument.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={['store-dialog', className].filter(Boolean).join(' ')}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div className="store-dialog__panel">
        <div className="store-dialog__header">
          <h2 id={titleId} className="store-dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="store-dialog__close"
            aria-label={t('dialog.close')}
            onClick={() => onClose()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

export interface AlertDialogProps {
  title: string;
  message: string;
  onClose: () => void;
}

/** A message the shopper acknowledges with OK ('Unable to Add Item' and friends). */
export function AlertDialog({ title, message, onClose }: AlertDialogProps) {
  const messageId = useId();
  return (
    <Dialog title={title} onClose={onClose} role="alertdialog" describedBy={messageId} className="store-alert">
      <p id={messageId} className="store-alert__message">
        {message}
      </p>
      <div className="store-dialog__actions">
        <button type="button" className="store-button" data-autofocus onClick={onClose}>
          {t('dialog.ok')}
        </button>
      </div>
    </Dialog>
  );
}

/** Styles shared by every dialog. */
export const DIALOG_STYLES = `
.store-dialog { border: none; border-radius: ${themed('--store-radius-large')}; padding: 0; max-width: min(32rem, calc(100vw - 2rem)); width: 100%; color: ${themed('--store-text-color')}; background: ${themed('--store-background-color')}; font-family: ${themed('--store-font')}; box-shadow: 0 12px 40px rgba(0,0,0,.25); }
.store-dialog::backdrop { background: rgba(0,0,0,.45); }
.store-dialog__panel { padding: ${space(1.25)} ${space(1.5)} ${space(1.5)}; }
.store-dialog__header { display: flex; align-items: flex-start; justify-content: space-between; gap: ${space(1)}; margin-bottom: ${space(0.75)}; }
.store-dialog__title { font-size: 1.2rem; margin: 0; }
.store-dialog__close { border: none; background: transparent; font-size: 1.6rem; line-height: 1; cursor: pointer; padding: .1rem .4rem; color: inherit; }
.store-dialog__close:focus-visible, .store-button:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
.store-dialog__actions { display: flex; justify-content: flex-end; gap: ${space(0.5)}; margin-top: ${space(1)}; }
.store-alert__message { margin: 0; }
.store-button { font: inherit; padding: .6rem 1.2rem; border-radius: ${themed('--store-radius')}; border: 1px solid ${themed('--store-accent-color')}; background: ${themed('--store-accent-color')}; color: ${themed('--store-accent-text-color')}; cursor: pointer; }
.store-button[aria-disabled="true"] { opacity: .7; cursor: default; }
`;

/** The theme properties dialog styles read. */
export const DIALOG_THEME = [
  '--store-radius-large',
  '--store-text-color',
  '--store-background-color',
  '--store-font',
  '--store-spacing',
  '--store-focus-ring',
  '--store-radius',
  '--store-accent-color',
  '--store-accent-text-color',
] as const;

/** Class names of dialogs a theme may style. */
export const DIALOG_PARTS = {
  'store-dialog': 'Every modal dialog (a native `<dialog>`); `::backdrop` is the dimmed page behind',
  'store-dialog__title': 'A dialog’s heading',
  'store-dialog__close': 'A dialog’s close button',
  'store-button': 'Filled buttons: dialog actions, add to cart, submit',
} as const;
