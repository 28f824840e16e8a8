import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url({ message: 'must be a URL' })
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    })
    .optional();

/** Every variable the server reads. Unset means the embedded default (see the README's table). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a port number' })
    .min(0, { message: 'must be between 0 and 65535' })
    .max(65535, { message: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SITE_NAME: z.string().trim().min(1, { message: 'must not be empty' }).max(60).default('TubeSite'),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  siteName: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  secureCookies: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment once at boot; throws one error naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as shells and .env files write them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    // One line per variable, even when a value breaks several rules.
    const byName = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (!byName.has(name))
        byName.set(name, `${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`);
    }
    throw new ConfigError([...byName.values()]);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    publicUrl,
    siteName: env.SITE_NAME,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    secureCookies: publicUrl.startsWith('https:'),
  };
}
