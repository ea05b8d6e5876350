import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredEntities } from '../../shared/entities';
import { ENTITIES_DOC, renderedEntitiesDoc } from '../../scripts/entitiesDoc';

describe('docs/entities.md', () => {
  it('shows every declared entity with its fields as the declarations have them now', () => {
    // On a change of shared/entities/: `npm run docs:entities` writes it.
    expect(readFileSync(ENTITIES_DOC, 'utf8')).toBe(renderedEntitiesDoc());
  });

  it('has a section per declared entity and a row per field', () => {
    const page = renderedEntitiesDoc();
    for (const entity of declaredEntities) {
      expect(page).toContain(`## ${entity.plural} (\`${entity.name}\`)`);
      for (const name of Object.keys(entity.fields)) expect(page).toContain(`| \`${name}\` |`);
    }
  });
});
