// Fixtures of the performer-records tests (issue 31: records.test.ts, records-exempt.test.ts): ffmpeg
// test-pattern clips and synthetic ID card images made here, the app with its jobs enqueued but not
// worked (server/test/enqueue-only.ts), listening for tus, with a member, another member, a moderator, a
// future custodian and an administrator; and the calls those tests make — an upload, the records form,
// approval, the records decision and a signed-in GET.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { PerformerFields } from '../../contract/records-values.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { binaryPath } from '../media/runner.ts';
import { createTestApp, type TestApp } from './app.ts';
import type { DatabaseKind } from './db.ts';
import { listenWithIdleJobs } from './enqueue-only.ts';
import { insertCategories } from './fixtures.ts';
import { createSignedInUser, type SignedInUser } from './roles.ts';

export const ORIGIN = 'http://tube.test';

/** Each clip's test pattern: a different picture each, so that no upload is another's duplicate. */
const CLIP_SOURCES = { member: 'testsrc', staff: 'testsrc2', off: 'smptebars' } as const;
export type ClipName = keyof typeof CLIP_SOURCES;

const ff = (...args: string[]) =>
  execFileSync(binaryPath('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
/** A tiny 10-minute clip (the upload's minimum length): 64x36 at 1 fps of test pattern `source`. */
function clip(media: string, name: string, source: string) {
  const file = path.join(media, name);
  ff(
    '-f',
    'lavfi',
    '-i',
    `${source}=size=64x36:rate=1:duration=610`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  );
  return readFileSync(file);
}

/** The clips named, made in a temporary directory that is gone once they are read. */
function makeClips<C extends ClipName>(names: C[]): Record<C, Buffer> {
  const media = mkdtempSync(path.join(os.tmpdir(), 'h2-records-media-'));
  try {
    return Object.fromEntries(
      names.map((name) => [name, clip(media, `${name}.mp4`, CLIP_SOURCES[name])]),
    ) as Record<C, Buffer>;
  } finally {
    rmSync(media, { recursive: true, force: true });
  }
}

export interface RecordsApp<C extends ClipName = ClipName> {
  t: TestApp;
  /** The listening app's address (tus and the multipart forms go over real HTTP). */
  base: string;
  categoryId: number;
  modelId: number;
  member: SignedInUser;
  other: SignedInUser;
  moderator: SignedInUser;
  custodian: SignedInUser;
  admin: SignedInUser;
  clips: Record<C, Buffer>;
  idCard: Buffer;
  idCard2: Buffer;
  close(): Promise<void>;
}

/** The app, its members, a category and a model, and the clips named; `close()` it in afterAll. */
export async function setupRecordsApp<C extends ClipName>(
  kind: DatabaseKind,
  clipNames: C[],
): Promise<RecordsApp<C>> {
  const clips = makeClips(clipNames);
  // A synthetic "ID card": a coloured card with a text line, nothing real.
  const card = (colour: string) =>
    sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="640" height="400"><text x="40" y="80" font-size="40" fill="#000">TEST ID CARD</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
  const idCard = await card('#8ac');
  const idCard2 = await card('#ca8');
  const t = await createTestApp(kind, { ssr: false, env: { CATALOG_CACHE: 'off' } });
  let queue: JobQueue | undefined;
  const close = async () => {
    await queue?.stop({ timeoutMs: 1000 });
    await t.close();
  };
  try {
    // Jobs are enqueued but not worked (server/test/enqueue-only.ts).
    const listening = await listenWithIdleJobs(t);
    queue = listening.queue;
    const users = {
      member: await createSignedInUser(t, 'rec_member'),
      other: await createSignedInUser(t, 'rec_other'),
      moderator: await createSignedInUser(t, 'rec_moderator', 'moderator'),
      custodian: await createSignedInUser(t, 'rec_custodian', 'moderator'),
      admin: await createSignedInUser(t, 'rec_admin', 'administrator'),
    };
    const db = t.database.handle.db;
    const categoryId = (await insertCategories(db, ['test-pattern'])).get('test-pattern')!;
    const model = await db
      .insertInto('models')
      .values({ dir: 'ava-test', title: 'Ava Test', added_date: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      t,
      base: listening.base,
      categoryId,
      modelId: Number(model.id),
      ...users,
      clips,
      idCard,
      idCard2,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One performer of the records form, as the tests send it (they vary `ava` and `ben`). */
export type Performer = PerformerFields & { image?: Buffer | null };

export const ava: Performer = {
  model_id: '',
  stage_name: 'Ava Test',
  legal_name: 'Ava Example',
  birth_date: '1995-04-02',
  consent: '1',
  signature: 'Ava Example',
};

export const ben: Performer = {
  stage_name: 'Ben Sample',
  legal_name: 'Benjamin Sample',
  birth_date: '1990-11-30',
  consent: '1',
  signature: 'benjamin sample',
};

/** The calls of the records tests on the app `app()` answers (set in beforeAll). */
export function recordsCalls(app: () => Pick<RecordsApp, 't' | 'base' | 'categoryId'>) {
  const headers = (who: SignedInUser) => ({ origin: ORIGIN, cookie: who.cookie });

  /** tus upload + video_edit.php as `who`; resolves the new video's id. */
  async function uploadVideo(who: SignedInUser, body: Buffer): Promise<number> {
    const { t, base, categoryId } = app();
    const created = await fetch(`${base}/api/upload/`, {
      method: 'POST',
      headers: {
        ...headers(who),
        'tus-resumable': '1.0.0',
        'upload-length': String(body.length),
        'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const sent = await fetch(base + location, {
      method: 'PATCH',
      headers: {
        ...headers(who),
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(body),
    });
    expect(sent.status).toBe(204);
    const form = new FormData();
    form.append('upload_id', location.split('/').pop()!);
    form.append('title', `Records test ${who.username}`);
    form.append('categories[]', String(categoryId));
    form.append('preview', 'auto');
    const res = await fetch(`${base}/api/video_edit.php`, {
      method: 'POST',
      headers: headers(who),
      body: form,
    });
    const answer = (await res.json()) as { video_id: number };
    expect(res.status).toBe(200);
    // The pipeline's end: waiting for moderation.
    await t.database.handle.db
      .updateTable('videos')
      .set({ status: 3 })
      .where('id', '=', answer.video_id)
      .execute();
    return answer.video_id;
  }

  async function sendRecords(
    who: SignedInUser,
    videoId: number,
    performers: Performer[],
    recordedOn = '2026-10-01',
  ) {
    const { base } = app();
    const form = new FormData();
    form.append('video_id', String(videoId));
    form.append('recorded_on', recordedOn);
    form.append('language', 'de');
    performers.forEach((p, i) => {
      for (const key of [
        'model_id',
        'stage_name',
        'legal_name',
        'birth_date',
        'consent',
        'signature',
      ] as const) {
        if (p[key] !== undefined) form.append(`performers[${i}][${key}]`, p[key]!);
      }
      if (p.image) form.append(`performers[${i}][id_image]`, new Blob([new Uint8Array(p.image)]), 'id.png');
    });
    const res = await fetch(`${base}/api/video_records.php`, {
      method: 'POST',
      headers: headers(who),
      body: form,
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown> & { codes?: { field: string; code: string }[] },
    };
  }

  const approve = (who: SignedInUser, videoId: number) =>
    app().t.app.inject({
      method: 'POST',
      url: '/api/admin/moderation.php',
      headers: { ...headers(who), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `act=approve&video_id=${videoId}`,
    });
  const decide = (who: SignedInUser, videoId: number, act: string, reason = '') =>
    app().t.app.inject({
      method: 'POST',
      url: '/api/admin/video_records.php',
      headers: { ...headers(who), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `act=${act}&video_id=${videoId}&reason=${encodeURIComponent(reason)}`,
    });
  const get = (who: SignedInUser | null, url: string) =>
    app().t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

  return { headers, uploadVideo, sendRecords, approve, decide, get };
}
