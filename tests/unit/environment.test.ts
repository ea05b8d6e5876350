import { describe, expect, it } from 'vitest';
import { detectEnvironment, isIpAddress, resolveEnvironment } from '../../src/providers/environment';

const at = (url: string) => {
  const { protocol, hostname, origin } = new URL(url);
  return { protocol, hostname, origin };
};

describe('detectEnvironment: a host containing app-staging is staging, localhost and IP addresses are development, any other host is production', () => {
  it.each([
    ['admin.app-staging.example.com', 'staging'],
    ['app-staging', 'staging'],
    ['localhost', 'development'],
    ['127.0.0.1', 'development'],
    ['192.168.1.20', 'development'],
    ['[::1]', 'development'],
    ['[fe80::1ff:fe23:4567:890a]', 'development'],
    ['::1', 'development'],
    ['admin.example.com', 'production'],
    ['staging.example.com', 'production'],
    // Single-label names made only of hex letters are names, not addresses.
    ['cafe', 'production'],
    ['face', 'production'],
    ['deadbeef', 'production'],
    ['[cafe]', 'production'],
    // Not a dotted quad: an octet above 255, or too few octets.
    ['256.1.1.1', 'production'],
    ['10.0.1', 'production'],
  ])('%s is %s', (hostname, expected) => {
    expect(detectEnvironment(hostname)).toBe(expected);
  });

  it('reads hosts as the browser gives them', () => {
    expect(detectEnvironment(at('http://cafe/').hostname)).toBe('production');
    expect(detectEnvironment(at('http://[::1]:5173/').hostname)).toBe('development');
    expect(detectEnvironment(at('http://10.0.0.7:5173/').hostname)).toBe('development');
  });
});

describe('isIpAddress', () => {
  it.each(['127.0.0.1', '0.0.0.0', '255.255.255.255', '[::1]', '[::ffff:7f00:1]', '2001:db8::8a2e:370:7334'])('%s is an address', (hostname) => {
    expect(isIpAddress(hostname)).toBe(true);
  });

  it.each(['cafe', 'face', 'abc', 'localhost', '1.2.3', '1.2.3.4.5', '300.0.0.1', '[]', 'example.com'])('%s is not', (hostname) => {
    expect(isIpAddress(hostname)).toBe(false);
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

  it("under Vite's dev server with no VITE_API_URL: the same-origin /api proxy, whatever the host", () => {
    expect(resolveEnvironment(at('http://127.0.0.1:5173/admin'), { DEV: true })).toMatchObject({
      name: 'development',
      apiUrl: 'http://127.0.0.1:5173/api',
      registryUrl: 'http://127.0.0.1:5173/api/registry',
      appUrl: 'http://127.0.0.1:8081',
    });
    expect(resolveEnvironment(at('http://admin.example.com:5173/'), { DEV: true, VITE_API_URL_PRODUCTION: 'https://api.example.com' }).apiUrl).toBe(
      'http://admin.example.com:5173/api',
    );
    expect(resolveEnvironment(at('http://127.0.0.1:5173/'), { DEV: true, VITE_API_URL: 'http://127.0.0.1:4000/api' }).apiUrl).toBe('http://127.0.0.1:4000/api');
  });

  it('a built bundle keeps choosing by host', () => {
    expect(resolveEnvironment(at('http://127.0.0.1:5173/'), { DEV: false }).apiUrl).toBe('http://127.0.0.1:3000/api');
  });

  it('uploads are capped at 5 MiB unless VITE_UPLOAD_MAX_BYTES says otherwise', () => {
    expect(resolveEnvironment(at('https://admin.example.com/'), {}).uploadMaxBytes).toBe(5 * 1024 * 1024);
    expect(resolveEnvironment(at('https://admin.example.com/'), { VITE_UPLOAD_MAX_BYTES: '1048576' }).uploadMaxBytes).toBe(1_048_576);
    for (const invalid of ['', 'lots', '-1', '0', '1.5']) {
      expect(resolveEnvironment(at('https://admin.example.com/'), { VITE_UPLOAD_MAX_BYTES: invalid }).uploadMaxBytes).toBe(5 * 1024 * 1024);
    }
  });
});
