import { describe, expect, it } from 'vitest';
import { navigation } from '../../src/resources';
import { resourceEndpoint } from '../../src/resources/endpoints';

describe('category images in the console', () => {
  it('are listed by the Bank page alone: their folder declares the resource, so no screen or menu entry is derived from their fields', () => {
    const resource = resourceEndpoint('category_image');
    expect(resource).toMatchObject({ api: { path: '/category_image', sortable: false, exports: false } });
    expect(resource).not.toHaveProperty('list');
    expect(resource).not.toHaveProperty('menu');
    expect(navigation.filter((link) => link.resource === 'category_image').map(({ label, to }) => [label, to])).toEqual([['Bank', '/bank']]);
  });
});
