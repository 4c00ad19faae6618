/**
 * The registration's anti-bot token (spec: `token` of the registration payload). The provider
 * checks a captcha answer here; until a captcha is chosen the client sends a random token made in
 * the browser, which the mock accepts when it is not empty. A real captcha plugs in by returning
 * its widget's answer from this function (and rendering the widget in the register form).
 */
export function createAntiBotToken(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
