// Audit F6: slow clients over real sockets, with the limits shortened so that each case takes a second.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConnectionLimits, createFrontDoor } from './front-door.ts';

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An app that reads each body whole, then answers 204. */
function readThenAnswer(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  req.on('end', () => res.writeHead(204).end());
}

async function start(limits: Partial<ConnectionLimits>) {
  const door = createFrontDoor({ ready: () => true, limits });
  const server = door.serverFactory(readThenAnswer, { keepAliveTimeout: 5_000 });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

interface Client {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Milliseconds from connect to close; resolves when the server closes the socket. */
  closed: Promise<number>;
  isOpen: () => boolean;
}

async function open(port: number): Promise<Client> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = Date.now();
  let data = '';
  let open = true;
  socket.on('data', (chunk) => {
    data += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      open = false;
      resolve(Date.now() - started);
    }),
  );
  return { socket, received: () => data, closed, isOpen: () => open };
}

/** Writes one byte every `everyMs` while the socket is open; stopping returns the bytes written. */
function trickle(socket: Socket, everyMs: number) {
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return;
    socket.write('x');
    sent += 1;
  }, everyMs);
  return () => {
    clearInterval(timer);
    return sent;
  };
}

/** A pause between two looks of a poll (never a wait for something to have happened). */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The open connections of the test's server, as it counts them against maxConnections. */
const connections = () =>
  new Promise<number>((resolve, reject) =>
    servers[0]!.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
const head = (method: string, path: string, length: number) =>
  `${method} ${path} HTTP/1.1\r\nHost: t\r\nContent-Length: ${length}\r\n\r\n`;

describe('front door connection limits (real sockets)', () => {
  it('closes a client that stops sending its body, on any path', async () => {
    const port = await start({ idleTimeoutMs: 300, requestTimeoutMs: 10_000 });
    const api = await open(port);
    const upload = await open(port);
    api.socket.write(`${head('POST', '/api/x', 10)}x`);
    upload.socket.write(`${head('PATCH', '/api/upload/abc', 10)}x`);
    const [apiMs, uploadMs] = await Promise.all([api.closed, upload.closed]);
    for (const ms of [apiMs, uploadMs]) {
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(3_000);
    }
  });

  it('closes a client trickling its headers at the headers timeout', async () => {
    const port = await start({ headersTimeoutMs: 300, idleTimeoutMs: 10_000, requestTimeoutMs: 10_000 });
    const client = await open(port);
    client.socket.write('POST /api/x HTTP/1.1\r\nHost: t\r\n');
    const stop = trickle(client.socket, 50);
    const ms = await client.closed;
    stop();
    expect(ms).toBeLessThan(3_000);
  });

  it('answers 408 and closes a body trickled faster than the idle timeout, outside uploads', async () => {
    const port = await start({ idleTimeoutMs: 300, requestTimeoutMs: 600 });
    const client = await open(port);
    client.socket.write(head('POST', '/api/x', 1_000));
    const stop = trickle(client.socket, 50);
    const ms = await client.closed;
    stop();
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(3_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain('"code":"request_timeout"');
  });

  it('lets a tus upload trickle past the request timeout, and answers it once whole', async () => {
    const port = await start({ idleTimeoutMs: 300, requestTimeoutMs: 300 });
    const client = await open(port);
    client.socket.write(head('PATCH', '/api/upload/abc', 100));
    const stop = trickle(client.socket, 50);
    // The same trickle outside uploads, started after the upload's: its 408 marks the moment the
    // upload's own request timeout, had it one, would have fired.
    const control = await open(port);
    control.socket.write(head('POST', '/api/x', 100));
    const stopControl = trickle(control.socket, 50);
    await control.closed;
    stopControl();
    expect(control.received()).toMatch(/^HTTP\/1\.1 408 /);
    const sent = stop();
    expect(client.isOpen()).toBe(true);
    client.socket.write('y'.repeat(100 - sent));
    for (let i = 0; i < 50 && !client.received(); i++) await sleep(20);
    expect(client.received()).toMatch(/^HTTP\/1\.1 204 /);
    expect(client.isOpen()).toBe(true);
    client.socket.destroy();
  });

  it('refuses connections above the cap', async () => {
    const port = await start({ maxConnections: 2 });
    const kept = [await open(port), await open(port)];
    for (const client of kept) client.socket.write('GET /a HTTP/1.1\r\nHost: t\r\n\r\n');
    for (let i = 0; i < 50 && !kept.every((client) => client.received()); i++) await sleep(20);
    for (const client of kept) expect(client.received()).toMatch(/^HTTP\/1\.1 204 /);
    const refused = await open(port);
    refused.socket.write('GET /a HTTP/1.1\r\nHost: t\r\n\r\n');
    await refused.closed;
    expect(refused.received()).toBe('');
    for (const client of kept) expect(client.isOpen()).toBe(true);
    // Once one leaves, the next is served.
    kept[0]?.socket.destroy();
    await kept[0]?.closed;
    // The server counts the socket gone once it has seen the close, a moment after the client.
    for (let i = 0; i < 50 && (await connections()) > 1; i++) await sleep(20);
    expect(await connections()).toBe(1);
    const next = await open(port);
    next.socket.write('GET /a HTTP/1.1\r\nHost: t\r\n\r\n');
    for (let i = 0; i < 50 && !next.received(); i++) await sleep(20);
    expect(next.received()).toMatch(/^HTTP\/1\.1 204 /);
  });
});
