// Issue 28: one address cannot hold the server. Real sockets from two loopback addresses (127.0.0.2 is
// the attacker, 127.0.0.1 everyone else), limits shortened so that each case takes about a second.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addressKey } from './connection-guard.ts';
import { type ConnectionLimits, createFrontDoor } from './front-door.ts';

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * Reads each body whole, then answers 204, or (given `hold`) once the test releases it: a request in
 * flight. `arrived` counts the requests handed to the app.
 */
function app(hold?: Promise<void>) {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    handler.arrived += 1;
    const answer = () => res.writeHead(204).end();
    req.resume();
    req.on('end', () => (hold ? void hold.then(answer) : answer()));
  };
  handler.arrived = 0;
  return handler;
}

async function start(
  limits: Partial<ConnectionLimits>,
  options: { trustProxy?: string; handler?: ReturnType<typeof app> } = {},
) {
  const warnings: string[] = [];
  const door = createFrontDoor({ ready: () => true, limits });
  const server = door.serverFactory(
    options.handler ?? app(),
    { keepAliveTimeout: 5_000 },
    { trustProxy: options.trustProxy, warn: (_fields, message) => warnings.push(message) },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, warnings };
}

interface Client {
  socket: Socket;
  received: () => string;
  closed: Promise<number>;
  isOpen: () => boolean;
}

async function open(port: number, from = '127.0.0.1'): Promise<Client> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = Date.now();
  let data = '';
  let isOpen = true;
  socket.on('data', (chunk) => {
    data += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      isOpen = false;
      resolve(Date.now() - started);
    }),
  );
  return { socket, received: () => data, closed, isOpen: () => isOpen };
}

/** Polls until `check` holds (at most `ms`); the test then asserts the state it waited for. */
async function until(check: () => boolean, ms = 3_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
}

function trickle(socket: Socket, everyMs: number, bytes = 1) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write('x'.repeat(bytes));
  }, everyMs);
  return () => clearInterval(timer);
}

const get = (extra = '') => `GET /a HTTP/1.1\r\nHost: t\r\n${extra}\r\n`;
const post = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('connections per client address', () => {
  it('refuses the sockets of one address past its cap at once, and serves other addresses', async () => {
    const { port, warnings } = await start({ maxConnectionsPerAddress: 3 });
    const held = [
      await open(port, '127.0.0.2'),
      await open(port, '127.0.0.2'),
      await open(port, '127.0.0.2'),
    ];
    for (const client of held) client.socket.write(get());
    await until(() => held.every((client) => client.received().startsWith('HTTP/1.1 204')));
    for (const client of held) expect(client.received()).toMatch(/^HTTP\/1\.1 204 /);

    const refused = await Promise.all([open(port, '127.0.0.2'), open(port, '127.0.0.2')]);
    for (const client of refused) client.socket.write(get());
    const refusedAfter = await Promise.all(refused.map((client) => client.closed));
    for (const ms of refusedAfter) expect(ms).toBeLessThan(1_000);
    for (const client of refused) expect(client.received()).toBe('');
    // One warning for the address, not one per socket.
    expect(warnings.filter((w) => w.startsWith('too many connections'))).toHaveLength(1);

    const other = await open(port, '127.0.0.1');
    other.socket.write(get());
    await until(() => other.received() !== '');
    expect(other.received()).toMatch(/^HTTP\/1\.1 204 /);

    // A socket that leaves makes room for the next one of that address.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    const next = await open(port, '127.0.0.2');
    next.socket.write(get());
    await until(() => next.received() !== '');
    expect(next.received()).toMatch(/^HTTP\/1\.1 204 /);
  });

  it('never caps a trusted proxy as one client: it counts the forwarded addresses', async () => {
    let release: () => void = () => {};
    const handler = app(
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const { port } = await start({ maxConnectionsPerAddress: 2 }, { trustProxy: '127.0.0.1', handler });
    // Five sockets from the proxy: more than the cap, all accepted.
    const proxy = await Promise.all(Array.from({ length: 5 }, () => open(port, '127.0.0.1')));
    const forwarded = (client: Client, address: string) =>
      client.socket.write(get(`X-Forwarded-For: ${address}\r\n`));
    forwarded(proxy[0] as Client, '203.0.113.7');
    forwarded(proxy[1] as Client, '203.0.113.7');
    // Both in flight (counted before the app sees them), held until released below.
    await until(() => handler.arrived === 2);
    expect(handler.arrived).toBe(2);
    forwarded(proxy[2] as Client, '203.0.113.7'); // the third in flight from that client
    forwarded(proxy[3] as Client, '198.51.100.9'); // another client of the same proxy
    await until(() => (proxy[2] as Client).received() !== '');
    expect((proxy[2] as Client).received()).toMatch(/^HTTP\/1\.1 429 /);
    expect((proxy[2] as Client).received()).toContain('"code":"too_many_connections"');
    await until(() => handler.arrived === 3);
    expect(handler.arrived).toBe(3);
    release();
    await until(
      () => proxy.slice(0, 2).every((c) => c.received() !== '') && (proxy[3] as Client).received() !== '',
    );
    for (const client of [proxy[0], proxy[1], proxy[3]])
      expect(client?.received()).toMatch(/^HTTP\/1\.1 204 /);
    // Once they are answered, that client is served again.
    forwarded(proxy[4] as Client, '203.0.113.7');
    await until(() => (proxy[4] as Client).received() !== '');
    expect((proxy[4] as Client).received()).toMatch(/^HTTP\/1\.1 204 /);
  });

  it('counts an IPv6 client by its /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });
});

/**
 * A server whose app holds the requests to /api/held, unread and unanswered, until `gate.release()`;
 * others are read and answered at once.
 */
async function startGated(limits: Partial<ConnectionLimits>) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const gate = { arrived: 0, release: () => release() };
  const read = app();
  const handler = Object.assign(
    (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== '/api/held') return read(req, res);
      gate.arrived += 1;
      req.pause();
      void released.then(() => read(req, res));
    },
    { arrived: 0 },
  );
  return { ...(await start(limits, { handler })), gate };
}

/**
 * A body trickled below the minimum rate on a connection of its own, opened after the request under
 * test: the 408 that cuts it shows that the watch's sweep (one timer for every body) has looked at the
 * older request past its grace too.
 */
async function cutByTheWatch(port: number) {
  const control = await open(port);
  control.socket.write(post('/api/x', 10_000));
  const stop = trickle(control.socket, 50);
  await control.closed;
  stop();
  expect(control.received()).toMatch(/^HTTP\/1\.1 408 /);
}

describe('minimum body rate', () => {
  const limits = {
    bodyGraceMs: 400,
    uploadBodyGraceMs: 1_500,
    minBodyBytesPerSecond: 500,
    idleTimeoutMs: 30_000,
  };

  it('cuts a body trickled below the rate after its grace, with a 408', async () => {
    const { port, warnings } = await start(limits);
    const client = await open(port);
    client.socket.write(post('/api/x', 10_000));
    const stop = trickle(client.socket, 50); // 20 bytes/s
    const ms = await client.closed;
    stop();
    expect(ms).toBeGreaterThanOrEqual(400);
    expect(ms).toBeLessThan(2_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(warnings).toContain('request body below the minimum rate: connection closed');
  });

  it('keeps a body that arrives above the rate, however long it takes', async () => {
    const { port } = await start(limits);
    const client = await open(port);
    const length = 30 * 40;
    client.socket.write(post('/api/x', length));
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < length) {
        client.socket.write('x'.repeat(40));
        sent += 40;
      }
    }, 50); // 800 bytes/s for 1.5 s: well past the grace
    await until(() => client.received() !== '', 5_000);
    clearInterval(timer);
    expect(client.received()).toMatch(/^HTTP\/1\.1 204 /);
    expect(client.isOpen()).toBe(true);
  });

  it('gives an upload its longer grace, then holds it to the same rate', async () => {
    const { port } = await start(limits);
    const upload = await open(port);
    upload.socket.write(post('/api/upload/abc', 10_000, 'Tus-Resumable: 1.0.0\r\n'));
    const stop = trickle(upload.socket, 50);
    const ms = await upload.closed;
    stop();
    expect(ms).toBeGreaterThanOrEqual(1_500);
    expect(ms).toBeLessThan(3_500);
  });

  it('does not blame the client while the application has not read what it sent', async () => {
    // A rate no client could keep, so that only the backpressure rule keeps this one.
    const { port, gate } = await startGated({
      ...limits,
      bodyGraceMs: 100,
      minBodyBytesPerSecond: 50_000_000,
    });
    const client = await open(port);
    const body = 'x'.repeat(512 * 1024);
    client.socket.write(post('/api/held', body.length) + body);
    await until(() => gate.arrived === 1);
    await cutByTheWatch(port);
    // Past its grace unread, and not cut: now the application reads it.
    expect(client.isOpen()).toBe(true);
    gate.release();
    await until(() => client.received() !== '', 5_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 204 /);
  });

  it('never watches a request without a body', async () => {
    const { port, gate } = await startGated({ ...limits, bodyGraceMs: 50 });
    const client = await open(port);
    client.socket.write(get().replace('GET /a', 'GET /api/held'));
    await until(() => gate.arrived === 1);
    await cutByTheWatch(port);
    expect(client.isOpen()).toBe(true);
    gate.release();
    await until(() => client.received() !== '');
    expect(client.received()).toMatch(/^HTTP\/1\.1 204 /);
  });
});
