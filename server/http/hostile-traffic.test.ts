// Issue 28's Done-when on the real app with its default limits: 1,000 sockets from one address, each
// trickling a POST body one byte every 10 s, leave /healthz answering another address in under a second
// throughout, and the trickling bodies are cut within 60 s (the minimum body rate: 500 bytes/s after 20 s).
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp('pglite', { ssr: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await t?.close();
});

interface Attacker {
  socket: Socket;
  openedAt: number;
  closedAfter: Promise<number>;
}

function attack(): Promise<Attacker> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    const openedAt = Date.now();
    const closedAfter = new Promise<number>((done) =>
      socket.once('close', () => done(Date.now() - openedAt)),
    );
    socket.on('error', () => undefined);
    // Read what the server sends, so that its close is seen (a paused socket never reads the FIN).
    socket.resume();
    socket.once('connect', () => {
      socket.write(
        'POST /api/input.php HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
          'Content-Length: 1000\r\n\r\na',
      );
      const timer = setInterval(() => {
        if (socket.destroyed) clearInterval(timer);
        else socket.write('a');
      }, 10_000);
      socket.once('close', () => clearInterval(timer));
      resolve({ socket, openedAt, closedAfter });
    });
    // A socket refused before its connect event resolves too.
    socket.once('close', () => resolve({ socket, openedAt, closedAfter }));
  });
}

async function health(): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started };
}

describe('one address trickling 1,000 bodies (default limits)', () => {
  it('cannot keep others from the site, and its bodies are cut within 60 s', {
    timeout: 90_000,
  }, async () => {
    const attackers: Attacker[] = [];
    for (let i = 0; i < 1_000; i += 100) {
      attackers.push(...(await Promise.all(Array.from({ length: 100 }, attack))));
    }
    const held = () => attackers.filter((a) => !a.socket.destroyed).length;
    // Every socket past the address's cap is refused at once (the close reaches the client a moment later).
    const refusedBy = Date.now() + 2_000;
    while (held() > 100 && Date.now() < refusedBy) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(held()).toBeLessThanOrEqual(100);

    const answers: { status: number; ms: number }[] = [];
    while (held() > 0) {
      answers.push(await health());
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (answers.length > 300) break;
    }
    expect(held()).toBe(0);
    const closedAfter = await Promise.all(attackers.map((a) => a.closedAfter));
    expect(Math.max(...closedAfter)).toBeLessThan(60_000);
    // /healthz kept answering throughout, each in under a second.
    expect(answers.length).toBeGreaterThan(40);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(1_000);
    }
    // And the attacker may come back with a body at a proper rate.
    const after = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(after.status).toBe(200);
  });
});
