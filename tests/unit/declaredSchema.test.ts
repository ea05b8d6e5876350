import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addVersionTriggers, declaredTablesSource } from '../../scripts/declaredSchema';
import { derivedDeclarations } from '../../server/entities';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('npm run db:generate', () => {
  it('names each derived table for drizzle-kit, and nothing when none is derived', () => {
    expect(declaredTablesSource([{ name: 'contract' }, { name: 'category_tag', table: 'tags' }])).toContain(
      "export const contracts = derivedTableOf('contract');\nexport const tags = derivedTableOf('category_tag');",
    );
    expect(declaredTablesSource([])).toContain('export {};');
  });

  it('keeps server/db/declaredTables.ts as the declarations make it (run `npm run db:generate`)', () => {
    expect(readFileSync('server/db/declaredTables.ts', 'utf8')).toBe(declaredTablesSource(derivedDeclarations));
  });

  it('gives a derived table its version trigger once, at the end of the newest migration', () => {
    const folder = mkdtempSync(join(tmpdir(), 'ap-migrations-'));
    folders.push(folder);
    writeFileSync(join(folder, '0001_first.sql'), 'CREATE TRIGGER needs_version BEFORE UPDATE ON needs FOR EACH ROW EXECUTE FUNCTION move_version();\n');
    writeFileSync(join(folder, '0002_contracts.sql'), 'CREATE TABLE "contracts" ();\n');
    expect(addVersionTriggers(folder, [{ name: 'need' }, { name: 'contract' }])).toEqual(['contracts']);
    expect(readFileSync(join(folder, '0002_contracts.sql'), 'utf8')).toMatch(
      /--> statement-breakpoint\nCREATE TRIGGER contracts_version BEFORE UPDATE ON contracts /,
    );
    expect(addVersionTriggers(folder, [{ name: 'contract' }])).toEqual([]);
  });
});
