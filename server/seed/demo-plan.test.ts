import { describe, expect, it } from 'vitest';
import { ageOn, DAY_MS, isoDay } from './demo-data.ts';
import { DEMO_CLIPS } from './demo-media.ts';
import { buildDemoPlan, DEMO_COUNTS } from './demo-plan.ts';

const now = new Date('2025-06-15T10:30:00Z');
const clips = DEMO_CLIPS.map((c) => ({
  source: c.source,
  duration: c.seconds,
  width: c.width,
  height: c.height,
}));
const plan = buildDemoPlan({ now, clips });

const unique = (keys: string[]) => new Set(keys).size === keys.length;

describe('buildDemoPlan', () => {
  it('is reproducible', () => {
    expect(buildDemoPlan({ now, clips })).toEqual(plan);
    expect(buildDemoPlan({ now, clips, seed: 1 }).videos[0]!.title).not.toBe(plan.videos[0]!.title);
  });

  it('has the counts of the brief', () => {
    expect(plan.users).toHaveLength(50);
    expect(plan.categories).toHaveLength(30);
    expect(plan.tags).toHaveLength(100);
    expect(plan.models).toHaveLength(40);
    expect(plan.channels).toHaveLength(15);
    expect(plan.videos).toHaveLength(DEMO_COUNTS.videos);
    expect(plan.videos.filter((v) => v.status === 1 && !v.isPrivate).length).toBeGreaterThanOrEqual(150);
    expect(plan.videos.filter((v) => v.status === 5).length).toBeGreaterThan(0);
    expect(plan.videos.filter((v) => v.isPrivate).length).toBeGreaterThan(0);
    expect(plan.playlists).toHaveLength(40);
    expect(plan.comments).toHaveLength(600);
    expect(plan.keywords.length).toBeGreaterThanOrEqual(200);
  });

  it('gives every video unique url-safe dirs and links of the right size and orientation', () => {
    expect(unique(plan.videos.map((v) => v.dir))).toBe(true);
    for (const v of plan.videos) {
      expect(v.dir).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(v.categories.length).toBeGreaterThanOrEqual(1);
      expect(v.categories.length).toBeLessThanOrEqual(3);
      expect(v.tags.length).toBeGreaterThanOrEqual(3);
      expect(v.tags.length).toBeLessThanOrEqual(8);
      expect(v.models.length).toBeLessThanOrEqual(3);
      expect(
        unique(v.tags.map(String)) && unique(v.categories.map(String)) && unique(v.models.map(String)),
      ).toBe(true);
      for (const c of v.categories) expect(plan.categories[c]!.gender).toBe(v.gender);
      for (const m of v.models) expect(plan.models[m]!.gender).toBe(v.gender);
      expect(v.postDate.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(plan.users[v.user]!.created_at.getTime()).toBeLessThan(v.postDate.getTime());
    }
    const genders = new Set(plan.videos.map((v) => v.gender));
    expect([...genders].sort()).toEqual(['gay', 'shemale', 'str']);
  });

  it('spreads post dates over today, this week, this month and two years', () => {
    const ages = plan.videos.map((v) => (now.getTime() - v.postDate.getTime()) / DAY_MS);
    expect(ages.filter((a) => a < 1).length).toBeGreaterThanOrEqual(3);
    expect(ages.filter((a) => a < 7).length).toBeGreaterThanOrEqual(10);
    expect(ages.filter((a) => a < 30).length).toBeGreaterThanOrEqual(30);
    expect(ages.filter((a) => a > 365).length).toBeGreaterThan(30);
    expect(Math.max(...ages)).toBeLessThan(731);
  });

  it('keeps the primary keys of the join tables unique and nobody befriends themselves', () => {
    expect(unique(plan.votes.map((v) => `${v.user}:${v.section}:${v.object}`))).toBe(true);
    expect(unique(plan.favourites.map((f) => `${f.user}:${f.video}`))).toBe(true);
    expect(unique(plan.watchLater.map((f) => `${f.user}:${f.video}`))).toBe(true);
    expect(unique(plan.history.map((f) => `${f.user}:${f.video}`))).toBe(true);
    expect(unique(plan.subscriptions.map((s) => `${s.user}:${s.section}:${s.object}`))).toBe(true);
    expect(unique(plan.friends.map((f) => `${f.user}:${f.friend}`))).toBe(true);
    expect(unique(plan.stats.map((s) => `${s.video}:${s.day}`))).toBe(true);
    expect(unique(plan.keywords.map((k) => k.keyword.toLowerCase()))).toBe(true);
    expect(plan.friends.every((f) => f.user !== f.friend)).toBe(true);
    expect(plan.subscriptions.every((s) => s.section !== 'member' || s.object !== s.user)).toBe(true);
    for (const p of plan.playlists) {
      expect(p.videos.length).toBeGreaterThanOrEqual(5);
      expect(p.videos.length).toBeLessThanOrEqual(20);
      expect(unique(p.videos.map((v) => String(v.video)))).toBe(true);
      expect(p.categories.length).toBeGreaterThanOrEqual(1);
      expect(p.description.length).toBeGreaterThanOrEqual(10);
    }
  });

  it('never counts more window views than a video has, and takes likes from the votes', () => {
    const windowViews = new Map<number, number>();
    for (const s of plan.stats) windowViews.set(s.video, (windowViews.get(s.video) ?? 0) + s.views);
    for (const [video, views] of windowViews) expect(views).toBeLessThanOrEqual(plan.videos[video]!.views);
    const likes = plan.stats.reduce((sum, s) => sum + s.likes + s.dislikes, 0);
    const recentVotes = plan.votes.filter(
      (v) => v.section === 'video' && v.at.getTime() > now.getTime() - 59 * DAY_MS,
    ).length;
    expect(likes).toBeGreaterThanOrEqual(recentVotes);
    expect(plan.stats.some((s) => s.day === isoDay(now) && s.views > 0)).toBe(true);
  });

  it('only has adults', () => {
    for (const m of plan.models) {
      expect(ageOn(m.birth_date, now)).toBeGreaterThanOrEqual(21);
      expect(ageOn(m.birth_date, now)).toBeLessThanOrEqual(45);
    }
    for (const u of plan.users) expect(ageOn(u.birth_date, now)).toBeGreaterThanOrEqual(21);
  });
});
