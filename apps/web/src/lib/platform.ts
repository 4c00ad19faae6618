/**
 * What the install modal and the notification prompts need to know about the browser. Pure
 * functions of the user agent and flags, so the conditions are tested without a browser.
 */

export type BrowserFacts = {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS Safari says "Macintosh" but has a touch screen. */
  maxTouchPoints: number;
  /** Opened from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
};

const IOS_DEVICE = /\b(iPhone|iPad|iPod)\b/;
/** Other browsers on iOS (Chrome, Firefox, Edge, Opera, Google app, in-app browsers) say Safari too. */
const NOT_SAFARI = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|Brave|FBAN|FBAV|Instagram|Line\/|Twitter/;

export const isIos = ({ userAgent, maxTouchPoints }: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>): boolean =>
  IOS_DEVICE.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);

/** Safari itself on an iPhone or iPad, the only browser there that offers 'Agregar a inicio' for every iOS version. */
export const isIosSafari = (facts: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>): boolean =>
  isIos(facts) && /\bVersion\/[\d.]+.*\bSafari\//.test(facts.userAgent) && !NOT_SAFARI.test(facts.userAgent);

/** Spec: the install modal shows on iOS Safari outside the installed app, unless 'No mostrar más' was chosen. */
export const shouldOfferInstall = (facts: BrowserFacts, hidden: boolean): boolean => !hidden && !facts.standalone && isIosSafari(facts);

/**
 * Spec: the iOS notification warning shows in the installed app (PWA mode), where iOS only asks
 * for the permission after a tap, until it is closed or notifications are allowed. (An app opened
 * from the home screen is Safari's, but its user agent drops the Safari token.)
 */
export const shouldWarnIosNotifications = (facts: BrowserFacts, permission: NotificationPermission | 'unsupported', hidden: boolean): boolean =>
  !hidden && facts.standalone && isIos(facts) && permission !== 'granted';

/** The facts of this browser. */
export function browserFacts(win: Window = window): BrowserFacts {
  const navigator = win.navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: navigator.standalone === true || (win.matchMedia?.('(display-mode: standalone)').matches ?? false),
  };
}
