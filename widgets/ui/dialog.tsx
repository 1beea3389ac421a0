import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { DIALOG_STRINGS } from '../../contract/widget-messages/dialog';
import { containFocus } from '../../runtime/focus-containment';
import { translator } from '../../runtime/i18n/t';
import { useControlClass } from './controls';

const t = translator(DIALOG_STRINGS);

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
  const panelClass = useControlClass('dialog', 'store-dialog__panel');
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
    containFocus({ container: dialog }).focusFirst();
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
    containFocus({ container: event.currentTarget }).onKeyDown(event);
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
      <div className={panelClass}>
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
  const buttonClass = useControlClass('button');
  return (
    <Dialog title={title} onClose={onClose} role="alertdialog" describedBy={messageId} className="store-alert">
      <p id={messageId} className="store-alert__message">
        {message}
      </p>
      <div className="store-dialog__actions">
        <button type="button" className={buttonClass} data-autofocus onClick={onClose}>
          {t('dialog.ok')}
        </button>
      </div>
    </Dialog>
  );
}
