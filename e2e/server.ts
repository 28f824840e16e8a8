import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the process wrote so far (pino JSON lines and stderr). */
  output(): string;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  healthyAfterMs: number;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs the server's command line inside another (`unshare -m sh -c '…; exec "$@"'`…); the same pid in the end. */
export type Launcher = (command: string, args: string[]) => [string, string[]];

/** Starts `node server/main.ts` (the same process `npm start` runs after its build) and waits for health. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 150_000,
  launcher: Launcher = (command, args) => [command, args],
): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const [command, args] = launcher(process.execPath, ['server/main.ts']);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      // Every browser context of a suite is another visitor from 127.0.0.1 keeping its sockets open for the
      // keep-alive (72 s): a suite of many contexts passes the per-address cap of 100 that protects a real
      // site (connection-guard.ts, tested in server/http/hostile-traffic.test.ts), and its module scripts
      // were refused at accept (hydration never came).
      CONNECTIONS_PER_ADDRESS: '2000',
      // The suites upload through the pipeline with whatever ffmpeg the machine has, the packaged one too.
      MEDIA_ALLOW_BUNDLED_FFMPEG: 'true',
      // Uploaders' age verification (issue 31) only where a suite asks for it.
      UPLOADER_VERIFICATION: 'off',
      // Signed video URLs (issue 32) only where a suite asks for it (hotlink.test.ts).
      MEDIA_SIGNING: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + timeoutMs;
  let healthy = false;
  while (!healthy && Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${url}/healthz`);
      healthy = res.status === 200;
    } catch {
      // not listening yet
    }
    if (!healthy) await new Promise((r) => setTimeout(r, 250));
  }
  if (!healthy) {
    child.kill('SIGKILL');
    throw new Error(`server did not become healthy:\n${output.slice(-4000)}`);
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    healthyAfterMs: Math.round(performance.now() - started),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
