import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own lint configuration (eslint.config.js), on a console file that is never written to disk. */
const lintConsoleFile = async (code: string) => {
  const [result] = await new ESLint().lintText(code, { filePath: 'src/custom/probe.ts' });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.line);
};

describe('the lint rule that keeps zod out of the console (eslint.config.js)', () => {
  it('refuses a value from zod or from a shared/contract/ module, saying why', async () => {
    const code = ["import { z } from 'zod';", "import { offerAnswer } from '../../shared/contract/offers';", 'export const used = [z, offerAnswer];'].join(
      '\n',
    );
    expect(await lintConsoleFile(code)).toEqual([1, 2]);
    const [result] = await new ESLint().lintText(code, { filePath: 'src/custom/probe.ts' });
    expect(result?.messages[0]?.message).toContain('150 KB');
  });

  it('lets types through, and plain constants from shared/catalogue/', async () => {
    const code = [
      "import type { z } from 'zod';",
      "import type { Offer } from '../../shared/contract/offers';",
      "import { type Admin } from '../../shared/contract/admins';",
      "import { RECONNECT_EVENT } from '../../shared/catalogue/eventStreams';",
      'export type Used = z.ZodType | Offer | Admin;',
      'export const event = RECONNECT_EVENT;',
    ].join('\n');
    expect(await lintConsoleFile(code)).toEqual([]);
  });
});
