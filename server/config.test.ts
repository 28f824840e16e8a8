import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.mediaDir).toBe(path.resolve('./data/media'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(config.secureCookies).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/tube',
      DATABASE_URL: 'postgres://u@db:5432/tube',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://tube.example.com/',
      SITE_NAME: 'Example Tube',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/tube',
      databaseUrl: 'postgres://u@db:5432/tube',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://tube.example.com',
      siteName: 'Example Tube',
      seedDemo: false,
      logLevel: 'warn',
      secureCookies: true,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'not a url',
        PUBLIC_URL: 'ftp://x',
        SEED_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'everyone',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.map((p) => p.split('=')[0]);
    expect(problems.sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'PUBLIC_URL',
      'REDIS_URL',
      'SEED_DEMO',
      'TRUST_PROXY',
    ]);
    expect((caught as ConfigError).message).toContain('PORT="eighty"');
  });

  it('reads CATALOG_CACHE and refuses anything but on/off', () => {
    expect(loadConfig({}).catalogCache).toBe(true);
    expect(loadConfig({ CATALOG_CACHE: 'off' }).catalogCache).toBe(false);
    expect(() => loadConfig({ CATALOG_CACHE: 'no' })).toThrow(/CATALOG_CACHE="no": must be on or off/);
  });

  it('reads WORKERS (inline by default); off needs PostgreSQL', () => {
    expect(loadConfig({}).workers).toBe('inline');
    const url = 'postgres://u@localhost/db';
    expect(loadConfig({ WORKERS: 'off', DATABASE_URL: url }).workers).toBe('off');
    expect(() => loadConfig({ WORKERS: 'some' })).toThrow(/WORKERS="some": must be inline or off/);
    expect(() => loadConfig({ WORKERS: 'off' })).toThrow(/WORKERS=off needs DATABASE_URL/);
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be between 0 and 65535/);
  });
});
