import { describe, expect, it } from 'vitest';
import { localOutboxUrl, readRuntimeConfig } from './runtime-config';

describe('runtime configuration: the local outbox (issue 44.8)', () => {
  it('is on only when the server wrote localOutbox: true', () => {
    expect(readRuntimeConfig({}).localOutbox).toBe(false);
    expect(readRuntimeConfig(undefined).localOutbox).toBe(false);
    expect(readRuntimeConfig({ localOutbox: 'yes' as unknown as boolean }).localOutbox).toBe(false);
    expect(readRuntimeConfig({ localOutbox: true }).localOutbox).toBe(true);
  });

  it("links to the mock's control page at its outbox, on the API's origin, and nowhere when off", () => {
    expect(localOutboxUrl({ apiUrl: '', localOutbox: true })).toBe('/__mock/#section-correos-enviados');
    expect(localOutboxUrl({ apiUrl: 'http://localhost:3000', localOutbox: true })).toBe('http://localhost:3000/__mock/#section-correos-enviados');
    expect(localOutboxUrl({ apiUrl: '', localOutbox: false })).toBeNull();
  });
});
