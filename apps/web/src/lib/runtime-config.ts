/** Set by public/runtime-config.js before the bundle loads; production replaces that file. */
export type RuntimeConfig = {
  /** Base URL of the provider API without a trailing slash; '' means the app's own origin. */
  apiUrl: string;
  /**
   * Production builds check answers against the contract: 'background' (default) after the first
   * render, reporting mismatches; 'before-use' waits for the check as development does (e2e sets it).
   */
  contractCheck: 'background' | 'before-use';
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
  };
}

export const runtimeConfig: RuntimeConfig = readRuntimeConfig();

/** Public URL of a profile image stored by the API. */
export function profileImageUrl(image: string | null | undefined): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//.test(image)) return image;
  return `${runtimeConfig.apiUrl}/image/profile/${encodeURIComponent(image)}`;
}
