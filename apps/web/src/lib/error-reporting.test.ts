import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORTS_PER_MINUTE, installGlobalErrorReporting, reportClientError, resetErrorReportingForTests } from './error-reporting';
import { STORAGE_KEYS, storage } from './storage';

const fetchMock = vi.fn(() => Promise.resolve(new Response('{"data":"ok"}', { status: 200 })));

function sentBodies(): Record<string, unknown>[] {
  return fetchMock.mock.calls.map((call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>);
}

beforeEach(() => {
  resetErrorReportingForTests();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  storage.remove(STORAGE_KEYS.token);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reportClientError', () => {
  it('posts the message, stack, page URL and app version to /api/log, with the token when logged in', () => {
    storage.set(STORAGE_KEYS.token, 'the-token');
    const error = new TypeError('boom');
    reportClientError(error, { route: '/trips', detail: { deep: true } });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/log');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer the-token');
    const body = sentBodies()[0]!;
    expect(body.log).toContain('TypeError: boom');
    expect(body.stack).toBe(error.stack);
    expect(body.url).toBe(window.location.href);
    expect(body.app_version).toBe(3);
    expect(body.context).toEqual({ route: '/trips', detail: '{"deep":true}' });
  });

  it('sends the same error once a minute and at most a few reports a minute', () => {
    vi.useFakeTimers();
    const thrown = () => new Error('same');
    reportClientError(thrown());
    reportClientError(thrown());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i += 1) reportClientError(new Error(`other ${i}`));
    expect(fetchMock).toHaveBeenCalledTimes(REPORTS_PER_MINUTE);
    vi.advanceTimersByTime(61_000);
    reportClientError(thrown());
    expect(fetchMock).toHaveBeenCalledTimes(REPORTS_PER_MINUTE + 1);
  });

  it('never throws, even when fetch itself throws', () => {
    vi.stubGlobal('fetch', () => {
      throw new Error('no network');
    });
    expect(() => reportClientError('plain text')).not.toThrow();
  });
});

describe('installGlobalErrorReporting', () => {
  it('reports window errors and unhandled rejections', () => {
    installGlobalErrorReporting(window);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('from window'), message: 'from window' }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('from a promise');
    window.dispatchEvent(rejection);
    const logs = sentBodies().map((body) => String(body.log));
    expect(logs.some((log) => log.includes('from window'))).toBe(true);
    expect(logs.some((log) => log.includes('from a promise'))).toBe(true);
  });
});
