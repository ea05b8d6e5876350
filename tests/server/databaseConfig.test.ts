import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const POOLER = 'postgresql://app:pooler-secret@pooler.internal:6432/admin';
const DIRECT = 'postgresql://app:direct-secret@db.internal:5432/admin';

/** The message loadConfig stops with, or '' when it does not. */
function refusal(environment: NodeJS.ProcessEnv): string {
  try {
    loadConfig(environment);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('the database settings of the three deployments (docs/operations.md, "Deploying")', () => {
  it('changes nothing without DATABASE_POOLER: no direct address, no pooler', () => {
    expect(loadConfig({ DATABASE_URL: DIRECT })).toMatchObject({
      databaseUrl: DIRECT,
      databasePooler: undefined,
      databaseDirectUrl: undefined,
      databaseCaFile: undefined,
    });
    // A direct address given alone is not used: only the pooler needs it.
    expect(loadConfig({ DATABASE_URL: DIRECT, DATABASE_DIRECT_URL: DIRECT }).databaseDirectUrl).toBeUndefined();
  });

  it('takes DATABASE_POOLER=transaction with DATABASE_DIRECT_URL', () => {
    expect(loadConfig({ DATABASE_URL: POOLER, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: DIRECT })).toMatchObject({
      databaseUrl: POOLER,
      databasePooler: 'transaction',
      databaseDirectUrl: DIRECT,
    });
  });

  it('stops at start, naming the setting but never an address, when the pooler has no direct address or no URL', () => {
    const missingDirect = refusal({ DATABASE_URL: POOLER, DATABASE_POOLER: 'transaction' });
    expect(missingDirect).toMatch(/DATABASE_DIRECT_URL: required with DATABASE_POOLER=transaction/);
    expect(missingDirect).not.toContain('pooler-secret');
    expect(missingDirect).not.toContain('pooler.internal');
    expect(refusal({ DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: DIRECT })).toMatch(/DATABASE_POOLER: needs DATABASE_URL/);
    const badDirect = refusal({ DATABASE_URL: POOLER, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: 'mysql://app:direct-secret@db' });
    expect(badDirect).toMatch(/DATABASE_DIRECT_URL: must start with postgres:\/\//);
    expect(badDirect).not.toContain('direct-secret');
  });

  it('knows one pooler mode: a session pooler needs no setting, a statement pooler cannot run transactions', () => {
    expect(refusal({ DATABASE_URL: POOLER, DATABASE_POOLER: 'session', DATABASE_DIRECT_URL: DIRECT })).toMatch(/DATABASE_POOLER/);
    expect(refusal({ DATABASE_URL: POOLER, DATABASE_POOLER: 'statement', DATABASE_DIRECT_URL: DIRECT })).toMatch(/DATABASE_POOLER/);
  });

  it('takes DATABASE_CA_FILE with a DATABASE_URL only', () => {
    expect(loadConfig({ DATABASE_URL: `${DIRECT}?sslmode=verify-full`, DATABASE_CA_FILE: '/etc/ssl/db-ca.pem' }).databaseCaFile).toBe('/etc/ssl/db-ca.pem');
    expect(refusal({ DATABASE_CA_FILE: '/etc/ssl/db-ca.pem' })).toMatch(/DATABASE_CA_FILE: needs DATABASE_URL/);
  });

  it('gives pg_dump the direct address behind a pooler: a dump holds a session', async () => {
    const { DATABASE_URL: _url, DATABASE_POOLER: _pooler, DATABASE_DIRECT_URL: _direct, ...inherited } = process.env;
    const output = await new Promise<string>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'backup', '--', 'admin.dump'], {
        env: { ...inherited, NODE_ENV: 'test', DATABASE_URL: POOLER, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: DIRECT },
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('close', () => resolve(text));
    });
    expect(output).toContain("--dbname='postgresql://app@db.internal:5432/admin'");
    expect(output).not.toContain('pooler.internal');
    expect(output).not.toContain('secret');
  });
});
