import { useEffect, useRef, useState } from 'react';
import { POPUP_TRIGGERS } from '../../contract/site-settings';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { emit, on } from '../../runtime/events';
import { Dialog } from '../ui/dialog';
import { space, themed } from '../ui/theme';
import { SiteForm } from '../site-form/site-form';
import { armTrigger } from './popup-trigger';
import { staysClosed, writePopupRecord } from './popup-record';

export interface PopupProps extends WidgetHostProps {
  /** Names the pop-up in local storage (`store-popup:{id}`) and analytics (`data-popup-id`, default `newsletter`). */
  popupId?: string;
  /** The owner's published version (`data-version`, a whole number, default 1): a new one shows again to those who closed an older one. */
  version?: string;
  /** The dialog's heading and accessible name (`data-heading`). */
  heading?: string;
  /** A line above the form (`data-text`). */
  text?: string;
  /** The newsletter site form inside (`data-form-id`, default `newsletter`). */
  formId?: string;
  /** `delay` (the default: after `data-delay` seconds), `scroll` (once the page is scrolled `data-scroll-percent` down) or `exit` (the pointer leaves the page through its top edge: exit intent) (`data-trigger`). */
  trigger?: string;
  /** Seconds before it opens with the `delay` trigger (`data-delay`, default 5). */
  delay?: string;
  /** Percent of the page scrolled with the `scroll` trigger (`data-scroll-percent`, default 50). */
  scrollPercent?: string;
}

function number(value: string | undefined, fallback: number): number {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/**
 * The newsletter pop-up (page type 104, popup overlay): a newsletter site form in a modal dialog,
 * opened once its trigger fires. Closing or submitting keeps the closed date, the version and
 * whether it was submitted in local storage; it stays closed until the owner publishes a new version.
 */
export function Popup(props: PopupProps) {
  const { host } = props;
  const popupId = props.popupId || 'newsletter';
  const version = Math.trunc(number(props.version, 1));
  const trigger = POPUP_TRIGGERS.find((t) => t === props.trigger) ?? 'delay';
  const delayMs = number(props.delay, 5) * 1000;
  const scrollPercent = number(props.scrollPercent, 50);
  // A version closed before stays closed; otherwise it waits for its trigger.
  const [phase, setPhase] = useState<'armed' | 'open' | 'closed'>(() =>
    staysClosed(popupId, version) ? 'closed' : 'armed',
  );
  const open = phase === 'open';
  const submitted = useRef(false);

  useEffect(() => {
    if (phase !== 'armed') return;
    return armTrigger(window, { trigger, delayMs, scrollPercent }, () => {
      setPhase('open');
      emit('store-overlay-show', { overlayId: popupId }, host);
    });
  }, [phase, popupId, trigger, delayMs, scrollPercent, host]);

  // `data-state` says where it is: `armed` (waiting for its trigger), `open`, or `closed` (this version was closed).
  useEffect(() => {
    host.setAttribute('data-state', phase);
  }, [host, phase]);

  // The form inside says it was sent with its `Lead` ads-pixel event.
  useEffect(
    () =>
      on(
        'store-ads-pixel',
        (event) => {
          if (event.detail.name !== 'Lead') return;
          submitted.current = true;
          writePopupRecord(popupId, { closedDate: new Date().toISOString(), version, submitted: true });
        },
        host,
      ),
    [host, popupId, version],
  );

  if (!open) return null;
  const close = () => {
    writePopupRecord(popupId, { closedDate: new Date().toISOString(), version, submitted: submitted.current });
    setPhase('closed');
  };
  return (
    <Dialog title={props.heading || 'Newsletter'} onClose={close} className="store-popup" closeOnBackdrop>
      {props.text ? <p className="store-popup__text">{props.text}</p> : null}
      <SiteForm host={host} formId={props.formId || 'newsletter'} pageId={`popup-${popupId}`} />
    </Dialog>
  );
}

export const POPUP_STYLES = `
.store-popup__text { margin: 0 0 ${space(0.75)}; color: ${themed('--store-muted-text-color')}; }
.store-popup .store-site-form { max-width: none; }
`;
