import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has working defaults for a newcomer: development, port 3000, PGlite in ./data, demo seed on', () => {
    expect(loadConfig({})).toMatchObject({
      env: 'development',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      seedDemo: true,
      product: 'credit',
      devRoutes: false,
    });
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be smtp:\/\//);
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN: at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
  });

  it('refuses demo credentials and development helpers in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true' })).toThrow(/DEV_ROUTES/);
  });

  it('takes an SMTP relay and a sender address; without one, mail stays in the outbox', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465', MAIL_FROM: 'Ops <ops@example.com>' })).toMatchObject({
      smtpUrl: 'smtps://mailer:pw@smtp.example.com:465',
      mailFrom: 'Ops <ops@example.com>',
    });
  });

  it('reads lists and numbers', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example', AUTH_RATE_LIMIT_MAX: '3' })).toMatchObject({
      corsOrigins: ['https://a.example', 'https://b.example'],
      authRateLimit: { max: 3, windowSeconds: 900 },
    });
    expect(loadConfig({}).exactCountLimit).toBe(200);
    expect(loadConfig({ EXACT_COUNT_LIMIT: '50' }).exactCountLimit).toBe(50);
    expect(() => loadConfig({ EXACT_COUNT_LIMIT: '0' })).toThrow(/EXACT_COUNT_LIMIT/);
  });

  it('sums what an admin moves alone over CREDIT_APPROVAL_WINDOW_HOURS, 24 by default, a whole number of hours', () => {
    expect(loadConfig({}).creditApprovalWindowHours).toBe(24);
    expect(loadConfig({ CREDIT_APPROVAL_WINDOW_HOURS: '8' }).creditApprovalWindowHours).toBe(8);
    for (const bad of ['0', '-1', '1.5', 'a day', '10000'])
      expect(() => loadConfig({ CREDIT_APPROVAL_WINDOW_HOURS: bad }), bad).toThrow(/CREDIT_APPROVAL_WINDOW_HOURS/);
  });

  it('keeps uploaded files in the database unless FILE_STORAGE=folder says under UPLOAD_DIR', () => {
    expect(loadConfig({})).toMatchObject({ fileStorage: 'database', uploadDir: './data/uploads' });
    expect(loadConfig({ FILE_STORAGE: 'folder', UPLOAD_DIR: '/srv/uploads' })).toMatchObject({ fileStorage: 'folder', uploadDir: '/srv/uploads' });
    expect(loadConfig({ FILE_STORAGE: 'database' }).fileStorage).toBe('database');
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ FILE_STORAGE: 'Folder' })).toThrow(/FILE_STORAGE/);
    expect(() => loadConfig({ FILE_STORAGE: '' })).toThrow(/FILE_STORAGE/);
  });

  it('takes WORKERS, one process by default; several only over a DATABASE_URL', () => {
    const databaseUrl = 'postgres://db.example/admin';
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: databaseUrl }).workers).toBe(4);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'two', '65']) expect(() => loadConfig({ WORKERS: bad, DATABASE_URL: databaseUrl })).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: several processes need a DATABASE_URL/);
  });
});
