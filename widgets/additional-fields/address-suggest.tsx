import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import type { PlaceAddress, PlacePrediction } from '../../contract/places';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { translator } from '../../runtime/i18n/t';
import { fetchPlaceDetails, fetchPlacePredictions, type PlacesContext } from '../../runtime/http/places';

const t = translator(FORM_STRINGS);

/** Quiet time after the last keystroke before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 250;
/** Fewest characters (spaces aside) that get suggestions. */
export const SUGGEST_MIN_CHARS = 3;

export interface AddressSuggestProps {
  label: string;
  value: string;
  /** The input's other attributes (name, aria-required, aria-invalid, aria-describedby). */
  inputProps: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'name' | 'aria-required' | 'aria-invalid' | 'aria-describedby'
  >;
  /** What the shopper typed. */
  onType: (value: string) => void;
  /** The chosen place's parts. */
  onPlace: (address: PlaceAddress) => void;
  placesContext?: PlacesContext;
}

/**
 * The address field's first line with suggestions: a WAI-ARIA combobox (an input with a listbox
 * popup). ArrowDown/ArrowUp move through the suggestions, Enter takes one, Escape closes the list;
 * a polite live region says how many there are and when the address is filled in.
 */
export function AddressSuggest({ label, value, inputProps, onType, onPlace, placesContext }: AddressSuggestProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [predictions, setPredictions] = useState<PlacePrediction[]>([]);
  const [open, setOpenState] = useState(false);
  const [active, setActiveState] = useState(-1);
  // Keys read these before React renders again (ArrowDown then Enter at once).
  const now = useRef({ open: false, active: -1 });
  const setOpen = (next: boolean) => {
    now.current.open = next;
    setOpenState(next);
  };
  const setActive = (next: number) => {
    now.current.active = next;
    setActiveState(next);
  };
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | undefined>(undefined);
  const latest = useRef(0);

  const cancel = () => {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = undefined;
  };
  useEffect(() => cancel, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const suggest = (input: string) => {
    const request = ++latest.current;
    const controller = new AbortController();
    pending.current = controller;
    fetchPlacePredictions(input, controller.signal).then(
      ({ predictions: found }) => {
        if (request !== latest.current) return;
        setPredictions(found);
        setActive(-1);
        setOpen(found.length > 0);
        setAnnouncement(
          found.length === 0
            ? t('form.places.none')
            : found.length === 1
              ? t('form.places.one')
              : t('form.places.count', { count: String(found.length) }),
        );
      },
      () => {
        // No suggestions is no error the shopper must read: the field works as a plain input.
        if (request === latest.current) close();
      },
    );
  };

  const type = (next: string) => {
    onType(next);
    cancel();
    latest.current++;
    if (next.trim().length < SUGGEST_MIN_CHARS) {
      setPredictions([]);
      close();
      return;
    }
    timer.current = setTimeout(() => suggest(next), SUGGEST_DEBOUNCE_MS);
  };

  const choose = (prediction: PlacePrediction) => {
    cancel();
    latest.current++;
    close();
    setPredictions([]);
    fetchPlaceDetails(prediction.placeId, placesContext).then(
      ({ address }) => {
        onPlace(address);
        setAnnouncement(t('form.places.filled'));
      },
      () => undefined,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = predictions.length;
    const { open, active } = now.current;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!open) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
        return;
      }
      setActive(down ? (active + 1) % count : active <= 0 ? count - 1 : active - 1);
    } else if (event.key === 'Enter') {
      const prediction = open ? predictions[active] : undefined;
      if (!prediction) return;
      event.preventDefault();
      choose(prediction);
    } else if (event.key === 'Escape') {
      if (!open) return;
      // Closes the list only, not the dialog around the form.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const expanded = open && predictions.length > 0;
  return (
    <div className="store-field__part store-address-suggest">
      <label className="store-field__part-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...inputProps}
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul
        className="store-address-suggest__list"
        id={listboxId}
        role="listbox"
        aria-label={t('form.places.suggestions')}
        hidden={!expanded}
      >
        {expanded
          ? predictions.map((prediction, index) => (
              <li
                key={prediction.placeId}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`store-address-suggest__option${index === active ? ' store-address-suggest__option--active' : ''}`}
                // Keeps focus in the input, so blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(prediction)}
              >
                {prediction.description}
              </li>
            ))
          : null}
      </ul>
      <span className="store-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
