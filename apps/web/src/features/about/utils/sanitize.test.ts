import { describe, expect, it } from 'vitest';
import { sanitizeTermsHtml } from './sanitize';

describe('sanitizeTermsHtml', () => {
  it('removes scripts and keeps the text and its formatting', () => {
    const html = sanitizeTermsHtml('<h2>1. Uso</h2><p>Texto <strong>importante</strong>.</p><script>alert("x")</script>');
    expect(html).toBe('<h2>1. Uso</h2><p>Texto <strong>importante</strong>.</p>');
    expect(html).not.toContain('<script');
  });

  it('drops event handlers, javascript: links, iframes and forms; links open in a new tab', () => {
    const html = sanitizeTermsHtml(
      '<p onclick="steal()">Hola</p><a href="javascript:steal()">mal</a><a href="https://example.com">bien</a>' +
        '<iframe src="https://evil.example"></iframe><form action="/x"><input name="p"></form><img src=x onerror="steal()">',
    );
    expect(html).not.toMatch(/onclick|onerror|javascript:|<iframe|<form|<input/);
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">bien</a>');
  });
});
