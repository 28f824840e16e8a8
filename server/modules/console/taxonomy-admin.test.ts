// The console's taxonomy rules (issue 17): the field parser the server and the pages share, and the
// service on a real database (permissions, merges that cross each other, the picture key rules).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirOf, isMvpUrl, parseTaxonomyInput } from '../../../contract/admin-taxonomy.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { createSignedInUser } from '../../test/roles.ts';

describe('parseTaxonomyInput', () => {
  it('derives the dir from the title on create and keeps only the fields sent on edit', () => {
    const created = parseTaxonomyInput('category', { act: 'create', title: '  Crème Brûlée & Co ' });
    expect(created).toEqual({
      ok: true,
      command: { act: 'create', fields: { title: 'Crème Brûlée & Co', dir: 'creme-brulee-co' } },
    });
    expect(parseTaxonomyInput('tag', { act: 'edit', id: '7', h1: 'Heading' })).toEqual({
      ok: true,
      command: { act: 'edit', id: 7, fields: { h1: 'Heading' } },
    });
    // A field of another kind is not taken.
    expect(parseTaxonomyInput('category', { act: 'edit', id: 7, h1: 'x', weight: '60' })).toEqual({
      ok: true,
      command: { act: 'edit', id: 7, fields: {} },
    });
  });

  it('refuses what the columns cannot hold', () => {
    const codes = (kind: Parameters<typeof parseTaxonomyInput>[0], input: Record<string, unknown>) => {
      const parsed = parseTaxonomyInput(kind, input);
      return parsed.ok ? [] : parsed.codes;
    };
    expect(codes('category', { act: 'create', title: '!!!' })).toEqual([{ field: 'dir', code: 'required' }]);
    expect(codes('category', { act: 'edit', id: 1, title: '' })).toEqual([
      { field: 'title', code: 'required' },
    ]);
    expect(codes('category', { act: 'edit', id: 1, dir: 'a--b' })).toEqual([
      { field: 'dir', code: 'invalid' },
    ]);
    expect(codes('model', { act: 'create', title: 'A', weight: '20', height: '1e3' })).toEqual([
      { field: 'height', code: 'invalid' },
      { field: 'weight', code: 'invalid' },
    ]);
    expect(codes('model', { act: 'create', title: 'A', country: 'usa' })).toEqual([
      { field: 'country', code: 'invalid' },
    ]);
    const many = Array.from({ length: 31 }, (_, i) => ({ title: `t${i}`, url: `/tags/t${i}/` }));
    expect(codes('tag', { act: 'create', title: 'A', links: many })).toEqual([
      { field: 'links', code: 'too_many' },
    ]);
    expect(
      codes('tag', {
        act: 'create',
        title: 'A',
        links: JSON.stringify([
          { title: 'a', url: '/x/' },
          { title: 'b', url: '/x/' },
        ]),
      }),
    ).toEqual([{ field: 'links.1.url', code: 'duplicate' }]);
    expect(codes('tag', { act: 'create', title: 'A', links: [{ title: 'a\u0007b', url: '/x/' }] })).toEqual([
      { field: 'links.0', code: 'invalid_characters' },
    ]);
    expect(codes('category', { act: 'delete' })).toEqual([{ field: 'id', code: 'required' }]);
    expect(codes('category', { act: 'delete', id: 2, move_to: 'x' })).toEqual([
      { field: 'move_to', code: 'invalid' },
    ]);
  });

  it('takes site paths and https addresses as mvp links, nothing else', () => {
    for (const url of ['/tags/beach/', '/search/1/?s=sea', 'https://example.com/a?b=c'])
      expect(isMvpUrl(url), url).toBe(true);
    for (const url of [
      '//evil.example/',
      '/\\evil',
      'http://example.com/',
      'javascript:alert(1)',
      'tags/x/',
      '/a b',
      'https://u:p@example.com/',
    ])
      expect(isMvpUrl(url), url).toBe(false);
    expect(dirOf('Ünïcode — Títle 2024!')).toBe('unicode-title-2024');
  });
});

describe.each(databaseKinds())('taxonomy admin service on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
  });
  afterAll(() => t.close());

  it('refuses members and guests', async () => {
    const member = await createSignedInUser(t, 'tax_service_member');
    const viewer = {
      user_id: member.userId,
      username: member.username,
      avatar: null,
      role: 'member' as const,
    };
    await expect(t.services.taxonomyAdmin.list(viewer, 'tag', { page: 1 })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      t.services.taxonomyAdmin.write(null, 'tag', { act: 'create', fields: { title: 'X', dir: 'x' } }),
    ).rejects.toMatchObject({ code: 'login_required' });
  });

  it('two deletes merging into each other at once: one wins, nothing is lost or deadlocked', async () => {
    const admin = await createSignedInUser(t, 'tax_service_admin', 'administrator');
    const viewer = {
      user_id: admin.userId,
      username: admin.username,
      avatar: null,
      role: 'administrator' as const,
    };
    const svc = t.services.taxonomyAdmin;
    const a = (await svc.write(viewer, 'tag', { act: 'create', fields: { title: 'Tide A', dir: 'tide-a' } }))
      .item!;
    const b = (await svc.write(viewer, 'tag', { act: 'create', fields: { title: 'Tide B', dir: 'tide-b' } }))
      .item!;
    const results = await Promise.allSettled([
      svc.write(viewer, 'tag', { act: 'delete', id: a.id, moveTo: b.id }),
      svc.write(viewer, 'tag', { act: 'delete', id: b.id, moveTo: a.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: 'tag_not_found', status: 404 });
    const left = await t.database.handle.db
      .selectFrom('tags')
      .select('dir')
      .where('dir', 'in', ['tide-a', 'tide-b'])
      .execute();
    expect(left).toHaveLength(1);
  });
});
