import { describe, expect, it } from 'vitest';
import { jsonText } from './kept-writes.ts';

describe('jsonText: the stored score as JSON, frozen members written once', () => {
  const frozen = <T extends object>(value: T): T => Object.freeze(value);
  const values: [string, unknown][] = [
    ['a score summary with frozen stranding', { ecore: 72.5, finance: null, clusters: [{ ratio: 0.5, categories: [] }], taxonomy: { share: 1, conforms: true }, stranding: frozen({ carbon: frozen({ status: 'not-reported' }), energy: frozen({ status: 'computed', result: frozen({ years: frozen([frozen({ year: 2025, intensity: 2.147 })]) }) }) }) }],
    ['members that JSON leaves out or writes as null', { a: undefined, b: () => 1, c: [undefined, Number.NaN, -0], d: 'Grün "Dach" \\ \u2028' }],
    ['numbers at the edges', { big: 1e21, small: 5e-324, negative: -1.5 }],
    ['a frozen object itself', frozen({ x: 1 })],
    ['an array', [1, 'two', frozen({ three: 3 })]],
    ['null and plain values', null],
    ['a string', 'text'],
    ['an empty object', {}],
  ];
  it.each(values)('%s is written as JSON.stringify writes it', (_, value) => {
    expect(jsonText(value)).toBe(JSON.stringify(value));
    // Again, with the frozen members' texts kept from the first time.
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it("keeps a frozen member's text: it is written once per object (core freezes what it shares deeply, so it never changes)", () => {
    const member = frozen({ inner: { n: 1 } });
    expect(jsonText({ member })).toBe('{"member":{"inner":{"n":1}}}');
    member.inner.n = 2;
    expect(jsonText({ member })).toBe('{"member":{"inner":{"n":1}}}');
  });
});
