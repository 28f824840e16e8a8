// The partner channel (content.md §2: "Channel id 2681 is special: no channel block, and a 'Watch' button
// in the player"), a channel setting since migration 0044: only staff set it (guests 401, members 403,
// nothing written), the write is audited, the video call and the channel call carry it at once (their
// cached answers warmed first), and the video page of a partner channel's video shows no channel block
// but the player's Watch button to the channel's site (or its page here when it has no site address).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAXONOMY_PATHS } from '../../contract/admin-taxonomy.ts';
import { bucketOf } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
const CHANNELS = TAXONOMY_PATHS.channel;

describe.each(databaseKinds())('the partner channel setting on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let channelId: number;
  let video: { id: number; dir: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    roles = await createRoles(t, 'partner');
    const db = t.database.handle.db;
    const channel = await db
      .insertInto('channels')
      .values({ dir: 'harbour-films', title: 'Harbour Films', url: 'https://harbour.example/' })
      .returning('id')
      .executeTakeFirstOrThrow();
    channelId = Number(channel.id);
    video = await insertVideo(db, { title: 'Harbour Test Pattern' });
    await db.updateTable('videos').set({ channel_id: channelId }).where('id', '=', video.id).execute();
    await db.updateTable('channels').set({ total_videos: 1 }).where('id', '=', channelId).execute();
  }, 120_000);
  afterAll(() => t?.close());

  const post = (who: RoleName, json: unknown) =>
    t.app.inject({
      method: 'POST',
      url: CHANNELS,
      headers: { ...roles.headers(who), 'content-type': 'application/json', origin: ORIGIN },
      payload: JSON.stringify(json),
    });
  const videoCall = () => `/api/json/video/86400/${bucketOf(video.id)}/${video.id}.json`;
  const partnerOf = async () => {
    const res = await t.app.inject({ url: videoCall() });
    expect(res.statusCode).toBe(200);
    return res.json().video.channel.partner as boolean;
  };
  const channelCall = async () =>
    (await t.app.inject({ url: '/api/json/channel/3600/harbour-films.json' })).json().channel;
  const stored = async () =>
    (
      await t.database.handle.db
        .selectFrom('channels')
        .select('partner')
        .where('id', '=', channelId)
        .executeTakeFirstOrThrow()
    ).partner;
  const page = async () => {
    const res = await t.app.inject({ url: `/video/${video.id}/${video.dir}/` });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** The player's root element with what it holds, up to the stats under it. */
  const playerHtml = (html: string) =>
    html.slice(html.indexOf('data-testid="player"'), html.indexOf('watch__title'));
  const linksHtml = (html: string) => html.slice(html.indexOf('watch__social'), html.indexOf('</dl>'));

  it('is off by default: the video call, the channel call and the console say false', async () => {
    expect(await partnerOf()).toBe(false);
    expect((await channelCall()).partner).toBe(false);
    const listed = await t.app.inject({
      url: `${CHANNELS}?id=${channelId}`,
      headers: roles.headers('moderator'),
    });
    expect(listed.json().items[0]).toMatchObject({ id: channelId, partner: false });
  });

  it('shows the channel block and no Watch button on the video page of an ordinary channel', async () => {
    const html = await page();
    expect(linksHtml(html)).toContain('href="/pornsite/harbour-films/"');
    expect(linksHtml(html)).toContain('watch__subscribe');
    expect(playerHtml(html)).not.toContain('player-partner-watch');
  });

  it('is set by staff only: guests 401, members 403, nothing written', async () => {
    const guest = await post('guest', { act: 'edit', id: channelId, partner: '1' });
    expect(guest.statusCode).toBe(401);
    const member = await post('member', { act: 'edit', id: channelId, partner: true });
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('forbidden');
    expect(await stored()).toBe(false);
  });

  it('refuses a value that is not a flag with 400 and the field', async () => {
    const res = await post('moderator', { act: 'edit', id: channelId, partner: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().codes).toEqual([{ field: 'partner', code: 'invalid' }]);
    expect(await stored()).toBe(false);
  });

  it('set by a moderator: audited, and the cached video and channel calls carry it at once', async () => {
    // Cached answers first: the write must reach past them.
    expect(await partnerOf()).toBe(false);
    expect((await channelCall()).partner).toBe(false);
    const res = await post('moderator', { act: 'edit', id: channelId, partner: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ id: channelId, partner: true, url: 'https://harbour.example/' });
    expect(await stored()).toBe(true);
    expect(await partnerOf()).toBe(true);
    expect((await channelCall()).partner).toBe(true);
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('target_type', '=', 'channel')
      .where('target_id', '=', String(channelId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('channel.edit');
    expect(Number(audit.actor_id)).toBe(roles.users.moderator.userId);
    const details = typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details;
    expect(details).toEqual({ fields: { partner: true } });
    // An edit of other fields keeps it.
    expect((await post('moderator', { act: 'edit', id: channelId, title: 'Harbour Films' })).statusCode).toBe(
      200,
    );
    expect(await stored()).toBe(true);
  });

  it("drops the channel block on the video page; the player's Watch button links to the channel's site", async () => {
    const html = await page();
    const links = linksHtml(html);
    expect(links).not.toContain('/pornsite/harbour-films/');
    expect(links).not.toContain('Harbour Films');
    const player = playerHtml(html);
    expect(player).toContain('data-testid="player-partner-watch"');
    expect(player).toMatch(
      /<a[^>]*href="https:\/\/harbour\.example\/"[^>]*data-testid="player-partner-watch"/,
    );
    expect(player).toContain('>Watch</a>');
  });

  it("links the Watch button to the channel's page here when the channel has no site address", async () => {
    const res = await post('administrator', { act: 'edit', id: channelId, url: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ url: null, partner: true });
    const player = playerHtml(await page());
    expect(player).toMatch(
      /<a[^>]*href="\/pornsite\/harbour-films\/"[^>]*data-testid="player-partner-watch"/,
    );
  });

  it("is cleared by '0' or an empty value; the channel block is back", async () => {
    const res = await post('moderator', { act: 'edit', id: channelId, partner: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item.partner).toBe(false);
    expect(await partnerOf()).toBe(false);
    const html = await page();
    expect(linksHtml(html)).toContain('href="/pornsite/harbour-films/"');
    expect(playerHtml(html)).not.toContain('player-partner-watch');
    expect((await post('moderator', { act: 'edit', id: channelId, partner: '1' })).json().item.partner).toBe(
      true,
    );
    expect((await post('moderator', { act: 'edit', id: channelId, partner: 0 })).json().item.partner).toBe(
      false,
    );
  });
});
