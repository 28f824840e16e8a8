// Kysely's view of server/db/migrations. Keep in step with the SQL: one interface per table, in the
// domain's file under tables/ (accounts, catalogue, community, moderation, records, integrity, upload,
// statistics, discovery, site). A new table: its interface and its line in that file's `…Tables` map; a
// new domain: a file in tables/ and its map among `Database`'s parents below. Import the types from here.
// The spec's values (orientations, roles, statuses, sections) have one home, contract/.
import type { AccountsTables } from './tables/accounts.ts';
import type { CatalogueTables } from './tables/catalogue.ts';
import type { CommunityTables } from './tables/community.ts';
import type { DiscoveryTables } from './tables/discovery.ts';
import type { IntegrityTables } from './tables/integrity.ts';
import type { ModerationTables } from './tables/moderation.ts';
import type { RecordsTables } from './tables/records.ts';
import type { SiteTables } from './tables/site.ts';
import type { StatisticsTables } from './tables/statistics.ts';
import type { UploadTables } from './tables/upload.ts';

export type * from './tables/accounts.ts';
export type * from './tables/catalogue.ts';
export type * from './tables/community.ts';
export type * from './tables/discovery.ts';
export type * from './tables/integrity.ts';
export type * from './tables/moderation.ts';
export type * from './tables/records.ts';
export type * from './tables/site.ts';
export type * from './tables/statistics.ts';
export type * from './tables/upload.ts';

/** Every table by its name in the database. */
export interface Database
  extends AccountsTables,
    CatalogueTables,
    CommunityTables,
    ModerationTables,
    RecordsTables,
    IntegrityTables,
    UploadTables,
    StatisticsTables,
    DiscoveryTables,
    SiteTables {}
