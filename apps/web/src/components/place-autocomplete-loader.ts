import type { AutocompleteProps } from '@mantine/core';
import type { ComponentType } from 'react';
import { afterFirstScreen } from '@/lib/after-first-screen';

export type PlaceAutocompleteWidget = ComponentType<AutocompleteProps & { ref?: (input: HTMLInputElement | null) => void }>;

/**
 * Mantine's Autocomplete (its combobox and scroll area) loads apart from the page, which does not
 * need it to show: after the first screen, or as soon as a place field is pointed at or focused
 * (./place-autocomplete). Until then each field is a plain text field that looks the same.
 */
let widget: PlaceAutocompleteWidget | undefined;
let loading: Promise<PlaceAutocompleteWidget> | undefined;
let announceWidget: (loaded: PlaceAutocompleteWidget) => void = () => undefined;

/** Settles when the combobox has loaded. */
export const placeAutocompleteLoaded = new Promise<PlaceAutocompleteWidget>((resolve) => (announceWidget = resolve));

/** The combobox, if it has loaded. */
export const loadedPlaceAutocomplete = () => widget;

/** Loads the combobox (tests of the loaded field call it first: every place field then renders it at once). */
export function loadPlaceAutocomplete(): Promise<PlaceAutocompleteWidget> {
  loading ??= import('./place-autocomplete-widget').then(
    (module) => {
      widget = module.default as PlaceAutocompleteWidget;
      announceWidget(widget);
      return widget;
    },
    (error: unknown) => {
      // A failed download is tried again at the next pointing or focus.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

afterFirstScreen(() => void loadPlaceAutocomplete().catch(() => undefined));
