import { useMatches } from 'react-router';

export type FooterTab = 'home' | 'profile' | 'new-trip' | 'conversations' | 'notifications';

/** Per-route action bar and background (spec document 1 §2). */
export type RouteHandle = {
  /** i18n key of the header and document title; without one the app name is used. */
  titleKey?: string;
  /** The footer tab bar: hidden, or shown with an active tab. Shown by default. */
  footer?: { show: boolean; active?: FooterTab };
  background?: 'gray' | 'white';
  /** The header's back control (remembered route, else trips). Shown unless a route turns it off. */
  back?: boolean;
  /** Buttons of the route in the phone header (the desktop header has the full navigation). */
  actions?: HeaderAction[];
};

/** A header button: a link inside the app, named by an i18n key; `icon` picks one of the header's icons. */
export type HeaderAction = { to: string; labelKey: string; icon: 'plus' | 'settings' };

const DEFAULT_HANDLE: Required<Pick<RouteHandle, 'footer' | 'background' | 'back' | 'actions'>> = {
  footer: { show: true },
  background: 'gray',
  back: true,
  actions: [],
};

/** The deepest route's settings win; unset fields come from its parents, then the defaults. */
export function resolveHandle(handles: (RouteHandle | undefined)[]): RouteHandle & typeof DEFAULT_HANDLE {
  return handles.reduce<RouteHandle & typeof DEFAULT_HANDLE>(
    (result, handle) => ({ ...result, ...(handle ?? {}) }),
    { ...DEFAULT_HANDLE },
  );
}

export function useRouteHandle() {
  const matches = useMatches();
  return resolveHandle(matches.map((match) => match.handle as RouteHandle | undefined));
}
