import { describe, expect, it } from 'vitest';
import { detectEnvironment, resolveEnvironment } from '../../src/providers/environment';

const at = (url: string) => {
  const { protocol, hostname, origin } = new URL(url);
  return { protocol, hostname, origin };
};

describe('detectEnvironment (spec §9)', () => {
  it.each([
    ['admin.app-staging.example.com', 'staging'],
    ['app-staging', 'staging'],
    ['localhost', 'development'],
    ['127.0.0.1', 'development'],
    ['192.168.1.20', 'development'],
    ['[::1]', 'development'],
    ['admin.example.com', 'production'],
    ['staging.example.com', 'production'],
  ])('%s is %s', (hostname, expected) => {
    expect(detectEnvironment(hostname)).toBe(expected);
  });
});

describe('resolveEnvironment', () => {
  it('development: API on port 3000 of the same host, app on 8081', () => {
    const environment = resolveEnvironment(at('http://192.168.1.20:5173/admin'), {});
    expect(environment).toMatchObject({
      name: 'development',
      apiUrl: 'http://192.168.1.20:3000/api',
      appUrl: 'http://192.168.1.20:8081',
      product: 'credit',
    });
    expect(environment.analyticsUrl).toBeUndefined();
  });

  it('staging and production take their hosts from their variables', () => {
    const variables = {
      VITE_API_URL_STAGING: 'https://api.app-staging.example.com',
      VITE_APP_URL_STAGING: 'https://app-staging.example.com',
      VITE_API_URL_PRODUCTION: 'https://api.example.com/',
      VITE_APP_URL_PRODUCTION: 'https://app.example.com',
    };
    expect(resolveEnvironment(at('https://admin.app-staging.example.com/'), variables)).toMatchObject({
      name: 'staging',
      apiUrl: 'https://api.app-staging.example.com',
      appUrl: 'https://app-staging.example.com',
    });
    expect(resolveEnvironment(at('https://admin.example.com/'), variables)).toMatchObject({
      name: 'production',
      apiUrl: 'https://api.example.com',
      appUrl: 'https://app.example.com',
    });
  });

  it('without variables, production uses its own origin', () => {
    expect(resolveEnvironment(at('https://admin.example.com/x'), {})).toMatchObject({
      apiUrl: 'https://admin.example.com/api',
      appUrl: 'https://admin.example.com',
    });
  });

  it('VITE_API_URL wins everywhere and may be relative; the product and analytics come from theirs', () => {
    const environment = resolveEnvironment(at('http://localhost:4321/'), {
      VITE_API_URL: '/api',
      VITE_PRODUCT: 'token',
      VITE_ANALYTICS_URL: 'https://analytics.example.com/public/dash',
    });
    expect(environment).toMatchObject({
      apiUrl: 'http://localhost:4321/api',
      product: 'token',
      analyticsUrl: 'https://analytics.example.com/public/dash',
    });
  });
});
