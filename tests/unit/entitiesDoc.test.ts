import { readFileSync } from 'node:fs';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractFields } from '../../docs/examples/contracts';
import { contractOf } from '../../shared/contract/fromFields';
import { declaredEntities } from '../../shared/entities';
import { ENTITIES_DOC, GUIDE, renderedEntitiesDoc, renderedGuide } from '../../scripts/entitiesDoc';
import { exampleOf, tableOf } from '../../server/entities/fromFields';

// On a change of shared/entities/ or docs/examples/: `npm run docs:entities` writes both pages.
describe('docs/entities.md', () => {
  it('shows every declared entity with its fields as the declarations have them now', () => {
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

describe('the developer guide (docs/adding-an-entity.md)', () => {
  it('shows the walkthrough declaration and what it derives as docs/examples/contracts.ts has them now', () => {
    const guide = readFileSync(GUIDE, 'utf8');
    expect(guide).toBe(renderedGuide(guide));
    expect(guide).toContain("nameKey: 'company_name'");
    expect(guide).toContain('CSV columns: `id`, `title`, `company_id`, `company_name`');
  });

  it('teaches a declaration that derives: its contract takes its example body, its table has a column per field', async () => {
    const contract = contractOf(contractFields);
    const example = exampleOf(contractFields);
    const body = typeof example === 'function' ? await example(async () => 'f'.repeat(24)) : example;
    expect(contract.createBody.safeParse(body).success).toBe(true);
    expect(contract.createBody.safeParse({ ...body, monthly_amount: 1_000_000.01 }).success).toBe(false);
    const columns = Object.values(getTableColumns(tableOf(contractFields, 'contracts'))).map((column) => column.name);
    expect(columns).toEqual(expect.arrayContaining(['title', 'company_id', 'monthly_amount', 'status', 'start_date', 'version']));
  });
});
