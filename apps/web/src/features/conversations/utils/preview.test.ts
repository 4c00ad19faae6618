import { describe, expect, it } from 'vitest';
import { previewText } from './preview';

describe('previewText', () => {
  it('keeps short texts and cuts at 50 characters', () => {
    expect(previewText('Hola,\n¿sale mañana?')).toBe('Hola, ¿sale mañana?');
    expect(previewText('a'.repeat(50))).toBe('a'.repeat(50));
    expect(previewText('a'.repeat(51))).toBe(`${'a'.repeat(50)}…`);
  });
});
