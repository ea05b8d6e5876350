import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the embedded database thread dying', () => {
  it('ends the process with a message that says so, for its supervisor to start it again', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/pgliteThreadDeath.ts'], { env: { ...process.env, NODE_ENV: 'test' } });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stdout).toContain('database open');
    expect(stdout).not.toContain('still running');
    expect(code).not.toBe(0);
    expect(stderr).toContain('the database thread stopped');
  });
});
