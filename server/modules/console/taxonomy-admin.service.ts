// The console's categories, tags, models and channels (issue 17): moderators and administrators list,
// create, edit and delete them and set their pictures. Every write is audited ('category.create',
// 'tag.edit', 'model.delete'; a picture is an edit) and announced through services.changes, so the site's
// caches (lists, the tag's mvp block, pages, cached answers) drop the old state at once.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  type AdminItemOf,
  type ImageKind,
  TAXONOMY_PAGE_SIZE,
  type TaxonomyCommand,
  type TaxonomyFields,
  type TaxonomyKind,
  type TaxonomyList,
  type TaxonomyQuery,
  type TaxonomySaved,
} from '../../../contract/admin-taxonomy.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import { zodiacOf } from '../../seed/demo-data.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { media } from '../catalog/catalog.mappers.ts';
import { ageOf } from '../catalog/objects.mappers.ts';
import { resizeTaxonomyImage } from './taxonomy-admin.image.ts';
import type { TaxonomyAdminRepository, TaxonomyColumns, TaxonomyRow } from './taxonomy-admin.repository.ts';

export interface TaxonomyAdminDeps {
  repo: TaxonomyAdminRepository;
  storage: Storage;
  audit: AuditService;
  changes: ContentChanges;
  warn?: (message: string, error: unknown) => void;
}

/** Where the console stores the pictures it makes; only these keys are ever deleted by it. */
const IMAGE_PREFIX = 'taxonomy/';

const notFoundOf = (kind: TaxonomyKind) =>
  new DomainError(`${kind}_not_found`, { status: 404, message: english('notfound.title') });
const dirTaken = () =>
  new DomainError('dir_taken', {
    status: 409,
    message: english('api.dir_taken'),
    codes: [{ field: 'dir', code: 'dir_taken' }],
  });

const PUBLIC_PAGE: Record<TaxonomyKind, (dir: string) => string> = {
  category: (dir) => `/categories/${dir}/`,
  tag: (dir) => `/tags/${dir}/`,
  model: (dir) => `/pornstar/${dir}/`,
  channel: (dir) => `/pornsite/${dir}/`,
};

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const int = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A stored row as the console shows it. */
export function adminItem<K extends TaxonomyKind>(kind: K, row: TaxonomyRow): AdminItemOf[K] {
  const base = {
    id: Number(row.id),
    dir: row.dir,
    title: row.title,
    description: String(row.description ?? ''),
    total_videos: Number(row.total_videos),
    added_date: new Date(row.added).toISOString(),
    page_url: PUBLIC_PAGE[kind](row.dir),
  };
  switch (kind) {
    case 'category':
      return {
        ...base,
        gender: row.gender,
        image: media(str(row.thumb)),
        viewed: Number(row.viewed),
      } as AdminItemOf[K];
    case 'tag':
      return {
        ...base,
        mtitle: String(row.mvp_title ?? ''),
        mdesc: String(row.mvp_desc ?? ''),
        h1: String(row.mvp_h1 ?? ''),
        links: Array.isArray(row.mvp_links) ? row.mvp_links : [],
      } as AdminItemOf[K];
    case 'channel':
      return {
        ...base,
        gender: row.gender,
        image: media(str(row.scr1)),
        url: str(row.url),
        partner: row.partner === true,
        viewed: Number(row.viewed),
        subscribers: Number(row.subscribers),
      } as AdminItemOf[K];
    default: {
      const birth = str(row.birth_date);
      return {
        ...base,
        gender: row.gender,
        image: media(str(row.img)),
        alias: String(row.alias ?? ''),
        age: birth ? ageOf(birth) : null,
        birth_date: birth,
        country: str(row.country)?.trim() ?? null,
        ethnicity: str(row.ethnicity),
        race: str(row.race),
        career_status: int(row.career_status),
        career_start: int(row.career_start),
        career_end: int(row.career_end),
        debut_age: int(row.debut_age),
        zodiac: str(row.zodiac),
        hair: int(row.hair),
        eye: str(row.eye),
        tattoo: row.tattoo === null || row.tattoo === undefined ? null : Boolean(row.tattoo),
        piercing: row.piercing === null || row.piercing === undefined ? null : Boolean(row.piercing),
        size_tits: str(row.size_tits),
        measurements: str(row.measurements),
        height: int(row.height),
        weight: int(row.weight),
        viewed: Number(row.viewed),
        subscribers: Number(row.subscribers),
      } as AdminItemOf[K];
    }
  }
}

/** The command's fields as the kind's columns (the mvp block has columns of its own; zodiac follows the birth date). */
function columnsOf(kind: TaxonomyKind, fields: TaxonomyFields): TaxonomyColumns {
  const columns: TaxonomyColumns = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    switch (field) {
      case 'mtitle':
        columns.mvp_title = value as string;
        break;
      case 'mdesc':
        columns.mvp_desc = value as string;
        break;
      case 'h1':
        columns.mvp_h1 = value as string;
        break;
      case 'links':
        columns.mvp_links = JSON.stringify(value);
        break;
      default:
        columns[field] = value as string | number | boolean | null;
    }
  }
  if (kind === 'model' && fields.birth_date !== undefined) {
    columns.zodiac = fields.birth_date ? zodiacOf(fields.birth_date) : null;
  }
  return columns;
}

export function createTaxonomyAdminService(deps: TaxonomyAdminDeps) {
  const { repo, storage, audit, changes } = deps;
  const warn = deps.warn ?? (() => {});
  const dropImage = async (key: string | null) => {
    if (!key?.startsWith(IMAGE_PREFIX)) return;
    await storage.delete(key).catch((error) => warn('taxonomy image not deleted', error));
  };

  return {
    async list<K extends TaxonomyKind>(
      viewer: CurrentUser | null,
      kind: K,
      query: TaxonomyQuery,
    ): Promise<TaxonomyList<K>> {
      requireModerator(viewer);
      if (query.id !== undefined) {
        const row = await repo.find(kind, query.id);
        if (!row) throw notFoundOf(kind);
        return { items: [adminItem(kind, row)], total_count: 1, page: 1, per_page: TAXONOMY_PAGE_SIZE };
      }
      const page = query.page;
      const { rows, total } = await repo.list(
        kind,
        query.q ?? '',
        TAXONOMY_PAGE_SIZE,
        (page - 1) * TAXONOMY_PAGE_SIZE,
      );
      return {
        items: rows.map((row) => adminItem(kind, row)),
        total_count: total,
        page,
        per_page: TAXONOMY_PAGE_SIZE,
      };
    },

    /** One object, for the edit view; null when unknown. */
    async get<K extends TaxonomyKind>(viewer: CurrentUser | null, kind: K, id: number) {
      requireModerator(viewer);
      const row = await repo.find(kind, id);
      return row ? adminItem(kind, row) : null;
    },

    async write<K extends TaxonomyKind>(
      viewer: CurrentUser | null,
      kind: K,
      command: TaxonomyCommand,
    ): Promise<TaxonomySaved<K>> {
      requireModerator(viewer);
      if (command.act === 'delete') {
        const removed = await repo.remove(kind, command.id, command.moveTo);
        if (!removed.found) throw notFoundOf(kind);
        if (!removed.target) {
          throw new DomainError(`${kind}_not_found`, {
            status: 404,
            message: english('notfound.title'),
            codes: [{ field: 'move_to', code: `${kind}_not_found` }],
          });
        }
        await dropImage(removed.image);
        await audit.record(
          viewer,
          `${kind}.delete`,
          { type: kind, id: command.id },
          {
            move_to: command.moveTo,
            moved_videos: removed.movedVideos,
          },
        );
        await changes.notify();
        return { status: 'success', act: 'delete', item: null, moved_videos: removed.movedVideos };
      }
      const columns = columnsOf(kind, command.fields);
      const saved =
        command.act === 'create'
          ? await repo.insert(kind, columns)
          : await repo.update(kind, command.id, columns);
      if (saved === 'dir_taken') throw dirTaken();
      if (!saved) throw notFoundOf(kind);
      const item = adminItem(kind, saved);
      await audit.record(
        viewer,
        `${kind}.${command.act}`,
        { type: kind, id: item.id },
        {
          fields: command.fields,
        },
      );
      await changes.notify();
      return { status: 'success', act: command.act, item };
    },

    /** A new picture (WebP, in storage under taxonomy/), or none with `remove`; the replaced one is deleted. */
    async setImage(
      viewer: CurrentUser | null,
      kind: ImageKind,
      id: number,
      file: Buffer | null,
      remove: boolean,
    ): Promise<{ image: string | null }> {
      requireModerator(viewer);
      let key: string | null = null;
      if (!remove) {
        if (!file || file.length === 0) {
          throw new DomainError('required', {
            message: english('form.error.required'),
            codes: [{ field: 'file', code: 'required' }],
          });
        }
        const image = await resizeTaxonomyImage(kind, file);
        // A generated name: the key is public and cached for good (media.routes.ts).
        key = `${IMAGE_PREFIX}${kind}/${id}-${randomUUID()}.webp`;
        await storage.putStream(key, Readable.from([image]), { contentType: 'image/webp' });
      }
      const swapped = await repo.swapImage(kind, id, key);
      if (!swapped.found) {
        await dropImage(key);
        throw notFoundOf(kind);
      }
      if (swapped.old !== key) await dropImage(swapped.old);
      await audit.record(viewer, `${kind}.edit`, { type: kind, id }, { image: remove ? 'removed' : 'set' });
      await changes.notify();
      return { image: media(key) };
    },
  };
}

export type TaxonomyAdminService = ReturnType<typeof createTaxonomyAdminService>;
