import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import type { AppServices } from './services.ts';

/** Wires repositories into services once per process. */
export function createServices(config: Config, handle: DatabaseHandle): AppServices {
  return {
    site: { name: config.siteName, publicUrl: config.publicUrl },
    catalog: createCatalogService(createCatalogRepository(handle.db)),
  };
}
