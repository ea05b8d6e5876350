import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';

/** Polyglot's plural separator: `'1 item selected |||| %{smart_count} items selected'`. */
const PLURAL_SEPARATOR = '||||';
const TOKEN = /%\{(.*?)\}/g;
const OUTER_WHITESPACE = /^[^\S]*|[^\S]*$/g;

type Substitutions = Record<string, unknown> & { smart_count?: number; _?: string };

/** `{ra: {action: {delete: 'Delete'}}}` → `'ra.action.delete' → 'Delete'` (a Map: no key reaches Object's prototype). */
function flatten(messages: object, prefix = '', phrases = new Map<string, string>([['', '']])): Map<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object') {
      if (value !== null) flatten(value as object, path, phrases);
    } else if (typeof value === 'string') phrases.set(path, value);
  }
  return phrases;
}

/** A phrase with its plural form chosen by `smart_count` (English: one, else other) and its `%{tokens}` filled. */
function transform(phrase: string, options: Substitutions): string {
  let result = phrase;
  if (options.smart_count != null && phrase) {
    const forms = phrase.split(PLURAL_SEPARATOR);
    result = (forms[options.smart_count !== 1 ? 1 : 0] || forms[0] || '').replace(OUTER_WHITESPACE, '');
  }
  return result.replace(TOKEN, (token, name: string) => (Object.hasOwn(options, name) && options[name] != null ? String(options[name]) : token));
}

/** Without node-polyglot, react-admin's default, whose polyfills weighed 8 KB gzip of every signed-in first load; English only. */
export function createI18nProvider(messages: TranslationMessages = englishMessages): I18nProvider {
  const phrases = flatten(messages);
  return {
    translate: (key: string, options?: number | Substitutions) => {
      const substitutions: Substitutions = typeof options === 'number' ? { smart_count: options } : (options ?? {});
      const phrase = phrases.get(key) ?? (typeof substitutions._ === 'string' ? substitutions._ : key);
      return transform(phrase, substitutions);
    },
    changeLocale: () => Promise.resolve(),
    getLocale: () => 'en',
    getLocales: () => [{ locale: 'en', name: 'English' }],
  };
}

export const i18nProvider = createI18nProvider();
