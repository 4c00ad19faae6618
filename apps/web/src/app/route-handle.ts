import { useMatches } from 'react-router';

export type FooterTab = 'home' | 'profile' | 'new-trip' | 'conversations' | 'notifications';

/** Per-route action bar and background (spec document 1 §2). */
export type RouteHandle = {
  /** i18n key of the header and document title; without one the app name is used. */
  titleKey?: string;
  /** The footer tab bar: hidden, or shown with an active tab. Shown by default. */
  footer?: { show: boolean; active?: FooterTab };
  background?: 'gray' | 'white';
};

const DEFAULT_HANDLE: Required<Pick<RouteHandle, 'footer' | 'background'>> = {
  footer: { show: true },
  background: 'gray',
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
