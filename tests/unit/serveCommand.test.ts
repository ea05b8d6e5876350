import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_COMMAND, SERVER_ENV } from '../helpers/serverProcess';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the server as npm start runs it', () => {
  it('is the command and environment the tests and benches start', () => {
    const environment = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(scripts.serve).toBe([...environment, 'node', ...SERVER_COMMAND].join(' '));
  });
});
