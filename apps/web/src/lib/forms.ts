/** Helpers shared by the account forms (register, profile update). */

const INVALID_FIELD = '[aria-invalid="true"], [data-field-error="true"]';

/**
 * Spec document 1 §5: on failure the form scrolls to the first error. Errors render with the next
 * paint, so the lookup waits a frame; the field also gets the focus (screen readers announce it).
 */
export function scrollToFirstError(root: ParentNode | null | undefined): void {
  requestAnimationFrame(() => {
    const target = (root ?? document).querySelector<HTMLElement>(INVALID_FIELD);
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'center' });
    target.focus({ preventScroll: true });
  });
}

export type ServerFieldProblem = 'taken' | 'required' | 'invalid';

/** The provider's field messages are Laravel's English texts: only their kind is shown, in Spanish. */
export function serverFieldProblem(messages: readonly string[] | undefined): ServerFieldProblem {
  const text = (messages ?? []).join(' ');
  if (/been taken/i.test(text)) return 'taken';
  if (/required/i.test(text)) return 'required';
  return 'invalid';
}

/** Files a field accepts, as the input's `accept` attribute. */
export const acceptOf = (types: readonly string[]): string => types.join(',');
