import DOMPurify from 'dompurify';

/**
 * The terms come from the server as HTML: DOMPurify keeps the text and its formatting and drops
 * scripts, event handlers, iframes, forms and javascript: links. Links open in a new tab.
 */
export function sanitizeTermsHtml(html: string): string {
  const purify = DOMPurify();
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    ADD_ATTR: ['target'],
  });
}
