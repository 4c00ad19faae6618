import { Input, TextInput, type AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING, type Place } from '@carpool/contracts';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaces, type SelectedPlace } from '@/lib/places';
import { loadedPlaceAutocomplete, loadPlaceAutocomplete, placeAutocompleteLoaded, type PlaceAutocompleteWidget } from './place-autocomplete-loader';

type PlaceAutocompleteProps = {
  label: string;
  placeholder?: string;
  value: SelectedPlace | null;
  onChange: (place: SelectedPlace | null) => void;
  country?: string;
  multicountry: boolean;
  leftSection?: AutocompleteProps['leftSection'];
  error?: string;
};

type Widget = PlaceAutocompleteWidget;

/**
 * Until the combobox has loaded (./place-autocomplete-loader) each field is a plain text field that
 * looks the same (label, text, clear button) and keeps what is typed; the places are asked for all the same.
 */
const want = () => void loadPlaceAutocomplete().catch(() => undefined);

/** The field takes the focus over from the plain one it replaces, the caret after the text. */
const focusAtEnd = (input: HTMLInputElement | null) => {
  if (!input || document.activeElement === input) return;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
};

const placeLabel = (place: Place, withCountry: boolean) =>
  [place.name, place.state, withCountry ? place.country : undefined].filter(Boolean).join(', ');

/** Origin/destination picker: asks the API after a 750 ms pause, best places first. */
export function PlaceAutocomplete({ label, placeholder, value, onChange, country, multicountry, leftSection, error }: PlaceAutocompleteProps) {
  const { t } = useTranslation();
  const [Autocomplete, setAutocomplete] = useState<Widget | undefined>(loadedPlaceAutocomplete);
  // Focused while the combobox loads: it takes the focus over (and opens) when it arrives.
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (Autocomplete) return;
    let mounted = true;
    void placeAutocompleteLoaded.then((loaded) => {
      if (mounted) setAutocomplete(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, [Autocomplete]);

  const [text, setText] = useState(value?.name ?? '');
  // The text shown for the chosen place (its option label, or its name when it came from outside).
  const [chosenText, setChosenText] = useState(value?.name ?? null);
  const [lastValue, setLastValue] = useState(value);
  // Follow outside changes (swap, clear, URL): the text shows the chosen place.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value?.name ?? '');
    setChosenText(value?.name ?? null);
  }
  const [debounced] = useDebouncedValue(text.trim(), TIMING.autocompleteDelayMs);
  const wantsPlaces = debounced.length >= 2 && debounced !== chosenText;
  const places = usePlaces({ name: debounced, country, multicountry }, wantsPlaces);

  const options = useMemo(() => {
    const byLabel = new Map<string, Place>();
    for (const place of places.data ?? []) byLabel.set(placeLabel(place, multicountry), place);
    return byLabel;
  }, [places.data, multicountry]);

  const edit = (next: string) => {
    setText(next);
    // Editing the text of a chosen place un-chooses it.
    if (value && next !== chosenText) onChange(null);
  };
  const clear = () => {
    setText('');
    onChange(null);
  };
  const description = wantsPlaces && places.isSuccess && options.size === 0 ? t('search.noPlaces') : undefined;

  if (!Autocomplete) {
    return (
      <TextInput
        label={label}
        placeholder={placeholder}
        value={text}
        error={error}
        leftSection={leftSection}
        description={description}
        // The combobox's clear button, as it shows it (out of the tab order: the text clears by keyboard).
        rightSection={
          text ? (
            <Input.ClearButton tabIndex={-1} aria-hidden onMouseDown={(event: MouseEvent) => event.preventDefault()} onClick={clear} />
          ) : undefined
        }
        autoComplete="off"
        onPointerEnter={want}
        onFocus={() => {
          setFocused(true);
          want();
        }}
        onBlur={() => setFocused(false)}
        onChange={(event) => edit(event.currentTarget.value)}
      />
    );
  }

  return (
    <Autocomplete
      label={label}
      placeholder={placeholder}
      value={text}
      error={error}
      leftSection={leftSection}
      data={wantsPlaces ? [...options.keys()] : []}
      // The API already filtered by the typed text.
      filter={({ options: all }) => all}
      onChange={edit}
      onOptionSubmit={(optionLabel) => {
        const place = options.get(optionLabel);
        if (!place) return;
        const selected: SelectedPlace = {
          name: place.name,
          lat: place.lat,
          lng: place.lng,
          id: place.id,
          country: place.country,
          state: place.state,
        };
        // Same object to the parent and here: its echo is not taken for an outside change.
        setLastValue(selected);
        setText(optionLabel);
        setChosenText(optionLabel);
        onChange(selected);
      }}
      clearable
      onClear={clear}
      description={description}
      // Mounted only while open: a kept-mounted dropdown is positioned (a forced layout) as the page first renders.
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      autoComplete="off"
      ref={focused ? focusAtEnd : undefined}
    />
  );
}
