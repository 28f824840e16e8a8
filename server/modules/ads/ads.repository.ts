// SQL of the ad zones (ad_zones, migration 0016). Nothing else.
import type { AdZoneKey } from '../../../contract/ads.ts';
import type { DB } from '../../db/database.ts';

export interface AdZoneRow {
  key: AdZoneKey;
  enabled: boolean;
  config: unknown;
  updated_at: Date;
  updated_by: number | null;
}

export function createAdsRepository(db: DB) {
  return {
    async all(): Promise<AdZoneRow[]> {
      const rows = await db
        .selectFrom('ad_zones')
        .select(['key', 'enabled', 'config', 'updated_at', 'updated_by'])
        .orderBy('key')
        .execute();
      return rows.map((row) => ({
        ...row,
        updated_by: row.updated_by === null ? null : Number(row.updated_by),
      }));
    },

    async save(key: AdZoneKey, enabled: boolean, config: unknown, userId: number): Promise<AdZoneRow> {
      const values = { enabled, config: JSON.stringify(config), updated_at: new Date(), updated_by: userId };
      const row = await db
        .insertInto('ad_zones')
        .values({ key, ...values })
        .onConflict((oc) => oc.column('key').doUpdateSet(values))
        .returning(['key', 'enabled', 'config', 'updated_at', 'updated_by'])
        .executeTakeFirstOrThrow();
      return { ...row, updated_by: row.updated_by === null ? null : Number(row.updated_by) };
    },
  };
}

export type AdsRepository = ReturnType<typeof createAdsRepository>;
