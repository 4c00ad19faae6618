import { describe, expect, it } from 'vitest';
import { isIosSafari, shouldOfferInstall, shouldWarnIosNotifications, type BrowserFacts } from './platform';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  /** The installed app (home screen): Safari's engine without the Version and Safari tokens. */
  iphoneStandalone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneInstagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98',
  /** iPadOS Safari asks for desktop pages: it says Macintosh, but has a touch screen. */
  ipadSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

const facts = (userAgent: string, patch: Partial<BrowserFacts> = {}): BrowserFacts => ({ userAgent, maxTouchPoints: 5, standalone: false, ...patch });

describe('install modal conditions', () => {
  it('offers the install on iPhone Safari outside the installed app', () => {
    expect(shouldOfferInstall(facts(UA.iphoneSafari), false)).toBe(true);
  });

  it("not after 'No mostrar más'", () => {
    expect(shouldOfferInstall(facts(UA.iphoneSafari), true)).toBe(false);
  });

  it('not inside the installed app', () => {
    expect(shouldOfferInstall(facts(UA.iphoneSafari, { standalone: true }), false)).toBe(false);
  });

  it('on iPad Safari (desktop user agent with a touch screen), not on a Mac', () => {
    expect(shouldOfferInstall(facts(UA.ipadSafari), false)).toBe(true);
    expect(shouldOfferInstall(facts(UA.ipadSafari, { maxTouchPoints: 0 }), false)).toBe(false);
  });

  it('not in the other browsers of iOS, nor on Android or a desktop', () => {
    for (const userAgent of [UA.iphoneChrome, UA.iphoneInstagram, UA.androidChrome, UA.desktopChrome]) {
      expect(isIosSafari({ userAgent, maxTouchPoints: 5 }), userAgent).toBe(false);
      expect(shouldOfferInstall(facts(userAgent), false), userAgent).toBe(false);
    }
  });
});

describe('iOS notification warning conditions', () => {
  it('shows in the installed app on iOS until notifications are allowed or it is closed', () => {
    const installed = facts(UA.iphoneStandalone, { standalone: true });
    expect(shouldWarnIosNotifications(installed, 'default', false)).toBe(true);
    expect(shouldWarnIosNotifications(installed, 'denied', false)).toBe(true);
    expect(shouldWarnIosNotifications(installed, 'unsupported', false)).toBe(true);
    expect(shouldWarnIosNotifications(installed, 'granted', false)).toBe(false);
    expect(shouldWarnIosNotifications(installed, 'default', true)).toBe(false);
  });

  it('not in Safari outside the installed app (the install modal is there), nor on other systems', () => {
    expect(shouldWarnIosNotifications(facts(UA.iphoneSafari), 'default', false)).toBe(false);
    expect(shouldWarnIosNotifications(facts(UA.androidChrome, { standalone: true }), 'default', false)).toBe(false);
  });
});
