import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createJobSink } from './jobs/job-sink.ts';
import { createAccounts } from './modules/accounts/accounts.wiring.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createListingsService } from './modules/catalog/listings.service.ts';
import { createObjectsRepository } from './modules/catalog/objects.repository.ts';
import { createVideoFilesService } from './modules/media/video-files.service.ts';
import { createSearchRepository } from './modules/search/search.repository.ts';
import { createSearchService } from './modules/search/search.service.ts';
import type { AppServices } from './services.ts';
import { createStorage } from './storage/create-storage.ts';

/** Wires repositories into services once per process. */
export function createServices(config: Config, handle: DatabaseHandle): AppServices {
  const storage = createStorage(config);
  const catalogRepository = createCatalogRepository(handle.db);
  const cacheTtlMs = config.catalogCache ? 60_000 : 0;
  return {
    site: { name: config.siteName, publicUrl: config.publicUrl },
    catalog: createCatalogService(catalogRepository, { cacheTtlMs }),
    listings: createListingsService(catalogRepository, createObjectsRepository(handle.db), {
      siteName: config.siteName,
      cacheTtlMs,
    }),
    search: createSearchService(createSearchRepository(handle.db), { cacheTtlMs }),
    accounts: createAccounts(config, handle.db),
    storage,
    videoFiles: createVideoFilesService(handle.db, storage),
    jobs: createJobSink(),
  };
}
