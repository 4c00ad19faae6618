import { EMPTY_REGISTER_VALUES, type RegisterValues } from './register-rules';

/**
 * Spec document 1 §2 Register: the form data is kept while the user reads the terms page, and
 * discarded otherwise. The draft lives in sessionStorage tied to the history entry of the form
 * (react-router's location key): coming back to that entry (browser back, or the terms page's
 * "back" button) restores it; any other visit to /register starts empty and drops it. Reading
 * does not remove it (React may render the form twice), a successful registration does.
 * Passwords and files are never written to storage.
 */
export const REGISTER_DRAFT_KEY = 'carpool.registerDraft';

type StoredDraft = { entry: string; values: Partial<RegisterValues> };

const area = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export function saveRegisterDraft(entry: string, values: RegisterValues): void {
  // Secrets and files stay out of storage.
  const { password: _password, passwordConfirmation: _confirmation, docs: _docs, ...kept } = values;
  const draft: StoredDraft = { entry, values: kept };
  area()?.setItem(REGISTER_DRAFT_KEY, JSON.stringify(draft));
}

export function discardRegisterDraft(): void {
  area()?.removeItem(REGISTER_DRAFT_KEY);
}

/** The draft saved from this history entry, or null; a draft of any other visit is discarded. */
export function readRegisterDraft(entry: string): RegisterValues | null {
  const raw = area()?.getItem(REGISTER_DRAFT_KEY);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as StoredDraft;
    if (draft.entry === entry) {
      return { ...EMPTY_REGISTER_VALUES, ...draft.values, password: '', passwordConfirmation: '', docs: [] };
    }
  } catch {
    // An unreadable draft is dropped like a stale one.
  }
  discardRegisterDraft();
  return null;
}
