import { describe, expect, it } from 'vitest';
import { PDF_BYTES, PNG_BYTES } from '../../test/forms';
import { sniffType } from './upload-service';

describe('sniffType', () => {
  it('reads the type from the first bytes', () => {
    expect(sniffType(PNG_BYTES)).toBe('image/png');
    expect(sniffType(PDF_BYTES)).toBe('application/pdf');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });

  it('knows nothing else, whatever the name or declared type says', () => {
    expect(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffType(Buffer.from('PK\u0003\u0004'))).toBeUndefined();
    expect(sniffType(Buffer.alloc(0))).toBeUndefined();
  });
});
