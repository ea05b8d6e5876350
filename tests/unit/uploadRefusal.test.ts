import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '../../shared/catalogue/uploads';
import { uploadRefusal } from '../../src/custom/components/upload/uploadRefusal';

const file = (name: string, type: string, size = 1024) => ({ name, type, size });

describe('uploadRefusal', () => {
  it('lets every accepted type through, up to the cap included', () => {
    for (const type of UPLOAD_MIME_TYPES) expect(uploadRefusal(file('f', type, DEFAULT_UPLOAD_MAX_BYTES), DEFAULT_UPLOAD_MAX_BYTES)).toBeUndefined();
    expect(UPLOAD_MIME_TYPES).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf']);
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it('refuses one byte over the cap, saying both sizes', () => {
    expect(uploadRefusal(file('a.jpg', 'image/jpeg', 1_048_577), 1_048_576)).toBe('a.jpg is too large (1 MB): the limit is 1 MB.');
    expect(uploadRefusal(file('b.pdf', 'application/pdf', 12 * 1024 * 1024), DEFAULT_UPLOAD_MAX_BYTES)).toBe('b.pdf is too large (12 MB): the limit is 5 MB.');
  });

  it('refuses other types; an untyped file is judged by its ending', () => {
    const notAccepted = ': this type of file is not accepted (PNG, JPEG, GIF, WebP, SVG or PDF only).';
    expect(uploadRefusal(file('x.bmp', 'image/bmp'), DEFAULT_UPLOAD_MAX_BYTES)).toBe(`x.bmp${notAccepted}`);
    expect(uploadRefusal(file('x.exe', ''), DEFAULT_UPLOAD_MAX_BYTES)).toBe(`x.exe${notAccepted}`);
    expect(uploadRefusal(file('README', ''), DEFAULT_UPLOAD_MAX_BYTES)).toBe(`README${notAccepted}`);
    expect(uploadRefusal(file('photo.JPEG', ''), DEFAULT_UPLOAD_MAX_BYTES)).toBeUndefined();
  });
});
