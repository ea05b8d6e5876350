import { describe, expect, it } from 'vitest';
import { consoleEntries } from '../../src/resources';

const lazyType = Symbol.for('react.lazy');
const isLazy = (component: unknown) => (component as { $$typeof?: symbol } | undefined)?.$$typeof === lazyType;

describe('code splitting', () => {
  it('every declared screen of the console is lazy, so that the sign-in page and the data provider load none of them', () => {
    const screens = consoleEntries.flatMap((entry) =>
      entry.kind === 'page'
        ? [[entry.path, entry.page] as const]
        : [
            ...(entry.list ? [[`${entry.name} list`, entry.list] as const] : []),
            ...(entry.edit ? [[`${entry.name} edit`, entry.edit] as const] : []),
            ...(entry.routes ?? []).map((route) => [`${entry.name}/${route.path}`, route.page] as const),
          ],
    );
    expect(screens.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'admin list',
        'admin edit',
        'user list',
        'user edit',
        'company list',
        'company edit',
        'offer list',
        'offer edit',
        'need list',
        'need edit',
        '/bank',
        'message list',
        'message/:id',
        '/audit',
      ]),
    );
    for (const [name, component] of screens) expect(isLazy(component), name).toBe(true);
  });
});
