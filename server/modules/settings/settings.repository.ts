// SQL of the site settings: the stored overrides (`setting:<key>` rows of site_settings) and the
// version every write bumps (`setting_version`), nothing else.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { STORED_PREFIX, VERSION_KEY } from './settings-values.ts';

export interface SettingsRepository {
  /** The version the last write left ('0' before any). */
  version(): Promise<string>;
  /** Every stored override, by setting key (without the prefix). */
  all(): Promise<Map<string, unknown>>;
  /** Stores `puts` (key → value) and deletes `deletes` in one transaction that bumps the version. */
  write(puts: ReadonlyMap<string, unknown>, deletes: readonly string[]): Promise<void>;
}

export function createSettingsRepository(db: DB): SettingsRepository {
  return {
    async version() {
      const row = await db
        .selectFrom('site_settings')
        .select(sql<string>`value #>> '{}'`.as('v'))
        .where('key', '=', VERSION_KEY)
        .executeTakeFirst();
      return row?.v ?? '0';
    },

    async all() {
      const rows = await db
        .selectFrom('site_settings')
        .select(['key', 'value'])
        .where('key', 'like', `${STORED_PREFIX}%`)
        .execute();
      return new Map(rows.map((r) => [r.key.slice(STORED_PREFIX.length), r.value]));
    },

    async write(puts, deletes) {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of puts) {
          await trx
            .insertInto('site_settings')
            .values({ key: `${STORED_PREFIX}${key}`, value: JSON.stringify(value), updated_at: new Date() })
            .onConflict((oc) =>
              oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }),
            )
            .execute();
        }
        if (deletes.length) {
          await trx
            .deleteFrom('site_settings')
            .where(
              'key',
              'in',
              deletes.map((k) => `${STORED_PREFIX}${k}`),
            )
            .execute();
        }
        await sql`
          INSERT INTO site_settings (key, value, updated_at) VALUES (${VERSION_KEY}, '1'::jsonb, now())
          ON CONFLICT (key) DO UPDATE
            SET value = to_jsonb(COALESCE((site_settings.value #>> '{}')::bigint, 0) + 1), updated_at = now()
        `.execute(trx);
      });
    },
  };
}
