import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createStorage } from './create-storage.ts';

const FULL = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'media',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('S3 configuration', () => {
  it('is off by default, and local disk is the storage', () => {
    const config = loadConfig({});
    expect(config.s3).toBeNull();
    expect(createStorage(config).kind).toBe('local');
  });

  it('is on when all four variables are set, with us-east-1 as the default region', () => {
    const config = loadConfig({ ...FULL, S3_PUBLIC_URL: 'https://cdn.example.test/media/' });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      publicUrl: 'https://cdn.example.test/media',
    });
    expect(createStorage(config).kind).toBe('s3');
  });

  it('refuses a partial configuration, naming the missing variables', () => {
    const attempt = () => loadConfig({ S3_ENDPOINT: FULL.S3_ENDPOINT, S3_BUCKET: 'media' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'S3 storage is partly configured: missing S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      ]);
    }
  });

  it('counts S3_PUBLIC_URL alone as partial, and lists other bad variables too', () => {
    try {
      loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.test', PORT: 'x' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^PORT=/);
      expect(problems[1]).toBe(
        'S3 storage is partly configured: missing S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      );
    }
  });
});
