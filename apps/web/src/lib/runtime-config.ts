/** Set by public/runtime-config.js before the bundle loads; production replaces that file. */
export type RuntimeConfig = {
  /** Base URL of the provider API without a trailing slash; '' means the app's own origin. */
  apiUrl: string;
  /**
   * Production builds check answers against the contract: 'background' (default) after the first
   * render, reporting mismatches; 'before-use' waits for the check as development does (e2e sets it).
   */
  contractCheck: 'background' | 'before-use';
  /**
   * The mock API says so (runtime-config.js) when it has no SMTP and its test controls are on: the
   * e-mail is in its local outbox, and the registration and reset screens link to it (issue 44.8).
   */
  localOutbox: boolean;
};

declare global {
  interface Window {
    __CARPOOL__?: Partial<RuntimeConfig>;
  }
}

export function readRuntimeConfig(source: Partial<RuntimeConfig> | undefined = globalThis.window?.__CARPOOL__): RuntimeConfig {
  return {
    apiUrl: (source?.apiUrl ?? '').replace(/\/+$/, ''),
    contractCheck: source?.contractCheck === 'before-use' ? 'before-use' : 'background',
    localOutbox: source?.localOutbox === true,
  };
}

export const runtimeConfig: RuntimeConfig = readRuntimeConfig();

/** The mock API's control page, at its outbox (only where `localOutbox` is on). */
export function localOutboxUrl(config: Pick<RuntimeConfig, 'apiUrl' | 'localOutbox'> = runtimeConfig): string | null {
  return config.localOutbox ? `${config.apiUrl}/__mock/#section-correos-enviados` : null;
}

/** Public URL of a profile image stored by the API. */
export function profileImageUrl(image: string | null | undefined): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//.test(image)) return image;
  return `${runtimeConfig.apiUrl}/image/profile/${encodeURIComponent(image)}`;
}
