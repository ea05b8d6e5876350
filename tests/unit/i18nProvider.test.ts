import { defaultI18nProvider } from 'react-admin';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { createI18nProvider, i18nProvider } from '../../src/providers/i18nProvider';

/** Every key of react-admin's English messages, with dots. */
const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? keysOf(value as object, path) : [path];
  });

const optionSets = [
  undefined,
  {},
  { smart_count: 0 },
  { smart_count: 1 },
  { smart_count: 2, name: 'Company', resource: 'companies' },
  { smart_count: 1, _: 'default' },
  { _: 'Default for %{name}', name: 'Acme', offsetBegin: 1, offsetEnd: 10, total: 42 },
  { name: null, total: 0, offsetBegin: 0 },
];

describe("the console's i18n provider: react-admin's English texts without node-polyglot", () => {
  it("translates every react-admin key as react-admin's default (polyglot) provider does, with every kind of option", () => {
    const keys = keysOf(englishMessages);
    expect(keys.length).toBeGreaterThan(150);
    for (const key of keys) {
      for (const options of optionSets)
        expect(i18nProvider.translate(key, options), `${key} ${JSON.stringify(options)}`).toBe(defaultI18nProvider.translate(key, options));
    }
  });

  it('answers an unknown key as that provider does: the `_` default, else the key, tokens and plurals applied', () => {
    const cases: Array<[string, unknown]> = [
      ['custom.unknown', undefined],
      ['custom.unknown', { _: 'Fallback %{x}', x: 3 }],
      ['One %{n} |||| Many %{n}', { smart_count: 2, n: 5 }],
      ['One |||| Many', 1],
      ['constructor', undefined],
      ['toString', { _: 'text' }],
      ['', undefined],
    ];
    for (const [key, options] of cases) expect(i18nProvider.translate(key, options as never), key).toBe(defaultI18nProvider.translate(key, options as never));
  });

  it('reads the messages it is given, in English', async () => {
    const provider = createI18nProvider({ ra: { action: { save: 'Keep' } } } as never);
    expect(provider.translate('ra.action.save')).toBe('Keep');
    expect(provider.getLocale()).toBe('en');
    await expect(provider.changeLocale('en')).resolves.toBeUndefined();
  });
});
