// Issue 28: PostgreSQL restarted under traffic. The test runs its own PostgreSQL (own-servers.ts) and
// stops it while members read, browse and comment: every request is answered (200, or 503 with
// Retry-After while the database is away; never a 500, never a hang), the process lives on, the pool
// reconnects once the server is back, and every comment acknowledged with 200 is in the database whole
// (its row and its counter), none half-written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentsPath } from '../../contract/acts.ts';
import { postgresHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertVideo } from '../test/fixtures.ts';
import { type OwnPostgres, ownPostgresUnavailable, startOwnPostgres } from '../test/own-servers.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const unavailable = ownPostgresUnavailable();
const ORIGIN = 'http://tube.test';

interface Answer {
  what: string;
  status: number;
  retryAfter: string | null;
  ms: number;
  body: string;
}

describe.skipIf(unavailable !== null)(
  `PostgreSQL restarted under traffic${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let pg: OwnPostgres;
    let t: TestApp;
    let base: string;
    let member: SignedInUser;
    let video: { id: number; dir: string };

    beforeAll(async () => {
      pg = await startOwnPostgres();
      const admin = postgresHandle(pg.url, 1);
      await admin.withSession((s) => s.exec('CREATE DATABASE tube'));
      await admin.close();
      const url = pg.url.replace(/\/postgres$/, '/tube');
      const handle = postgresHandle(url, 4);
      await migrate(handle);
      t = await createTestApp('postgres', {
        database: { handle, dispose: () => handle.close() },
        env: { DATABASE_URL: url, CATALOG_CACHE: 'off' },
      });
      member = await createSignedInUser(t, 'fault_member');
      const row = await insertVideo(handle.db, { title: 'Restart Pattern' });
      video = { id: Number(row.id), dir: row.dir };
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      pg?.dispose();
    });

    async function call(what: string, path: string, init: RequestInit = {}): Promise<Answer> {
      const started = Date.now();
      try {
        const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(10_000) });
        const body = await response.text();
        return {
          what,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          ms: Date.now() - started,
          body,
        };
      } catch (error) {
        return { what, status: 0, retryAfter: null, ms: Date.now() - started, body: String(error) };
      }
    }

    let sent = 0;
    const comment = () => {
      sent += 1;
      const text = `Comment number ${sent} on the pattern`;
      return call(`comment:${text}`, '/api/input.php', {
        method: 'POST',
        headers: {
          cookie: member.cookie,
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          act: 'comm',
          section: 'video',
          object_id: String(video.id),
          msg: text,
        }).toString(),
      });
    };
    // A member may post 5 comments in 10 minutes: two before the stop and two while it is away, a view else.
    const phaseComments = new Map<string, number>();
    let phase = 'before';
    const view = () =>
      call('view', '/api/input.php', {
        method: 'POST',
        headers: {
          cookie: member.cookie,
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ act: 'view', section: 'video', object_id: String(video.id) }).toString(),
      });
    const round = () => {
      const posted = phaseComments.get(phase) ?? 0;
      phaseComments.set(phase, posted + 1);
      return Promise.all([
        call('page', `/video/${video.id}/${video.dir}/`, { headers: { cookie: member.cookie } }),
        call('list', '/videos/latest-updates/1/'),
        call('comments', commentsPath(video.id, 1, true), { headers: { cookie: member.cookie } }),
        posted < 2 && phase !== 'back' ? comment() : view(),
      ]);
    };

    it('answers 503 with Retry-After while it is away, and serves again once it is back', {
      timeout: 120_000,
    }, async () => {
      const answers: Answer[] = [];
      answers.push(...(await round()));
      for (const a of answers) expect([a.what, a.status]).toEqual([a.what, 200]);

      // Traffic goes on throughout: four requests at a time, round after round, from before the stop
      // (requests in flight when the server goes) to after it is back.
      let traffic = true;
      const loop = (async () => {
        while (traffic) answers.push(...(await round()));
      })();
      const seen = async (check: () => boolean, ms: number) => {
        const by = Date.now() + ms;
        while (!check() && Date.now() < by) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      await seen(() => answers.length >= 8, 10_000);
      const stoppedAt = answers.length;
      phase = 'away';
      await pg.stop();
      await seen(() => answers.slice(stoppedAt).filter((a) => a.status === 503).length >= 12, 15_000);
      const restartedAt = answers.length;
      await pg.start();
      phase = 'back';
      // Back: two whole rounds of 200s in a row after the restart, within 20 s.
      const backInTime = () => {
        const tail = answers.slice(restartedAt);
        return tail.length >= 8 && tail.slice(-8).every((a) => a.status === 200);
      };
      await seen(backInTime, 20_000);
      traffic = false;
      await loop;
      // And a write after it: acknowledged and kept.
      answers.push(await comment());
      expect(answers.at(-1)?.status).toBe(200);

      expect(answers.slice(stoppedAt).filter((a) => a.status === 503).length).toBeGreaterThanOrEqual(12);
      expect(backInTime()).toBe(true);
      for (const a of answers) {
        // Every answer is a 200 or a 503 that says when to come back; none a 500, none left hanging.
        expect([a.what, a.status, a.body.slice(0, 120)]).toEqual([
          a.what,
          a.status === 503 ? 503 : 200,
          a.body.slice(0, 120),
        ]);
        if (a.status === 503) expect(a.retryAfter).toMatch(/^\d+$/);
        expect(a.ms).toBeLessThan(6_000);
      }

      // Every comment acknowledged is there, whole; none refused left a row.
      const acknowledged = answers
        .filter((a) => a.what.startsWith('comment:') && a.status === 200)
        .map((a) => a.what.slice(8));
      const rows = await t.database.handle.db.selectFrom('comments').select(['comment']).execute();
      expect(rows.map((r) => r.comment).sort()).toEqual(acknowledged.sort());
      expect(acknowledged.length).toBeGreaterThanOrEqual(3);
      expect(answers.filter((a) => a.what.startsWith('comment:') && a.status === 503).length).toBeGreaterThan(
        0,
      );
      expect(answers.filter((a) => a.what.startsWith('comment:') && a.status === 503).length).toBeGreaterThan(
        0,
      );
    });
  },
);
