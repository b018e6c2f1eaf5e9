// Evidence documents: PDF and JPG only, at most 10 MB (spec 02 §5, §8, §9), recognised by their first bytes.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { contentDisposition, dispositionOf, documentKind, MAX_DOCUMENT_BYTES } from './documents.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const JPG = [0xff, 0xd8, 0xff];

describe('which files are accepted as documents', () => {
  it.each<[string, Uint8Array, number, string]>([
    ['a PDF', bytes(...PDF, 0x31, 0x2e, 0x37), 1000, 'pdf'],
    ['a JPG', bytes(...JPG, 0xe0), 1000, 'jpg'],
    ['a PDF of exactly 10 MiB', bytes(...PDF), MAX_DOCUMENT_BYTES, 'pdf'],
    ['a PDF one byte over 10 MiB', bytes(...PDF), MAX_DOCUMENT_BYTES + 1, 'document-invalid'],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d), 1000, 'document-invalid'],
    ['a text file that calls itself PDF', bytes(0x50, 0x44, 0x46, 0x2d, 0x31), 1000, 'document-invalid'],
    ['"%PDF" without the dash', bytes(0x25, 0x50, 0x44, 0x46, 0x20), 1000, 'document-invalid'],
    ['the start of a JPG cut short', bytes(0xff, 0xd8), 2, 'document-invalid'],
    ['an empty file', bytes(), 0, 'document-invalid'],
  ])('%s', (_, first, size, expected) => {
    const result = documentKind(first, size);
    expect(E.isRight(result) ? result.right : result.left).toBe(expected);
  });

  it('random bytes are a document exactly when they start like a PDF or a JPG and the file is not too big', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), fc.integer({ min: 1, max: 2 * MAX_DOCUMENT_BYTES }), (first, size) => {
        const pdf = PDF.every((b, i) => first[i] === b);
        const jpg = JPG.every((b, i) => first[i] === b);
        const result = documentKind(first, size);
        if (size > MAX_DOCUMENT_BYTES || (!pdf && !jpg)) expect(result).toEqual(E.left('document-invalid'));
        else expect(result).toEqual(E.right(pdf ? 'pdf' : 'jpg'));
      }),
    );
  });

  it('whatever follows the magic bytes, a PDF stays a PDF and a JPG a JPG', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), fc.integer({ min: 1, max: MAX_DOCUMENT_BYTES }), (rest, size) => {
        expect(documentKind(new Uint8Array([...PDF, ...rest]), size)).toEqual(E.right('pdf'));
        expect(documentKind(new Uint8Array([...JPG, ...rest]), size)).toEqual(E.right('jpg'));
      }),
    );
  });
});

describe('how a document is sent back', () => {
  it.each([
    ['Nachweis.pdf', 'attachment; filename="Nachweis.pdf"; filename*=UTF-8\'\'Nachweis.pdf'],
    ['Energieausweis Büro.pdf', 'attachment; filename="Energieausweis B_ro.pdf"; filename*=UTF-8\'\'Energieausweis%20B%C3%BCro.pdf'],
    ['C:\\Users\\me\\scan.jpg', 'attachment; filename="scan.jpg"; filename*=UTF-8\'\'scan.jpg'],
    ['a"b\r\nX-Evil: 1.pdf', 'attachment; filename="a_bX-Evil: 1.pdf"; filename*=UTF-8\'\'a%22bX-Evil%3A%201.pdf'],
    ['', 'attachment; filename="document"; filename*=UTF-8\'\'document'],
    ['half\uD800.pdf', 'attachment; filename="half_.pdf"; filename*=UTF-8\'\'half_.pdf'],
  ])('%j', (name, expected) => {
    expect(contentDisposition(name)).toBe(expected);
  });

  it('is a download unless the user asks to view a PDF, PNG or JPEG', () => {
    expect(dispositionOf('application/pdf', false)).toBe('attachment');
    expect(dispositionOf('application/pdf', true)).toBe('inline');
    expect(dispositionOf('image/jpeg', true)).toBe('inline');
    expect(dispositionOf('image/png', true)).toBe('inline');
    expect(dispositionOf('text/html', true)).toBe('attachment');
    expect(dispositionOf('image/svg+xml', true)).toBe('attachment');
    expect(contentDisposition('Nachweis.pdf', 'inline')).toBe('inline; filename="Nachweis.pdf"; filename*=UTF-8\'\'Nachweis.pdf');
  });

  it('no file name breaks the header: no line break, no quote in the plain name', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('a', '"', '\\', '/', '\r', '\uD800', '\uDC00', 'ü') })), (name) => {
        const header = contentDisposition(name);
        expect(header.includes('\r') || header.includes('\n') || header.includes(String.fromCharCode(0))).toBe(false);
        expect(header).toMatch(/^attachment; filename="[^"\\]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]*$/);
      }),
    );
  });
});
