// Ad zones: what each place shows (read by every page through the root loader) and their editing by
// an administrator. Members see no ads; guests get the enabled zones, cached in process a few seconds
// (a change made through this process clears the cache at once).
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  AD_ZONE_KEYS,
  type AdsForViewer,
  type AdZone,
  type AdZoneConfigs,
  type AdZoneKey,
  adZoneConfigSchemas,
  adZoneUpdateInput,
  type BannerCreative,
  NO_ADS,
  PREROLL_TIMING,
} from '../../../contract/ads.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireAdministrator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AdsRepository, AdZoneRow } from './ads.repository.ts';
import { HOUSE_PREROLL_CREATIVE, housePrerollVast } from './house-preroll.ts';

export interface AdsService {
  /** The zones this viewer sees: none for a signed-in user, the enabled ones for a guest. */
  forViewer(user: CurrentUser | null): Promise<AdsForViewer>;
  /** Every zone with its configuration (administrators only). */
  list(actor: CurrentUser | null): Promise<AdZone[]>;
  /** Validates and saves one zone (administrators only); takes effect on the next page load. */
  update(actor: CurrentUser | null, input: unknown): Promise<AdZone>;
  /**
   * The house pre-roll's VAST document with its URLs on `origin` (house-preroll.ts); null while its
   * creative is not in storage (a site never seeded with the demo), so a player moves on at once.
   */
  housePreroll(site: { origin: string; siteName: string }): Promise<string | null>;
  /**
   * The under-player live ads for a guest from `country` (content.md §4: "shown with 90% probability
   * when country is de, fr, nl or us"): the operator's feed URL, or null (zone off or without a feed,
   * another country, a member, or the draw said no).
   */
  liveFeed(user: CurrentUser | null, country: string | null): Promise<string | null>;
}

/** A stored config that no longer validates (edited by hand, older shape) counts as switched off. */
function toZone(row: AdZoneRow): AdZone | null {
  const parsed = adZoneConfigSchemas[row.key].safeParse(row.config);
  if (!parsed.success) return null;
  return {
    key: row.key,
    enabled: row.enabled,
    config: parsed.data,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by: row.updated_by,
  } as AdZone;
}

/** Field codes of the admin form: invalid_url, too_many (tags, creatives), out_of_range (sizes), invalid. */
function issueCode(issue: { code: string; message: string; origin?: unknown }): string {
  if (issue.message === 'url') return 'invalid_url';
  if (issue.code === 'too_big' && issue.origin === 'array') return 'too_many';
  if (issue.code === 'too_big' || issue.code === 'too_small') return 'out_of_range';
  return 'invalid';
}

/**
 * The order in which the one house ad of a page is kept (issue 34: "at most one house ad per page"):
 * the footer is on every page, so a house creative there wins and the others are dropped.
 */
const HOUSE_ORDER = ['footer', 'carousel', 'aside', 'pause'] as const;

/** Keeps the first house creative of all the banner zones (in HOUSE_ORDER) and drops the others. */
function oneHouseAd(ads: AdsForViewer): AdsForViewer {
  let kept = false;
  const keep = (creative: BannerCreative) => {
    if (creative.kind !== 'house') return true;
    if (kept) return false;
    kept = true;
    return true;
  };
  const out = { ...ads };
  for (const key of HOUSE_ORDER) {
    if (key === 'pause') out.pause = ads.pause && keep(ads.pause) ? ads.pause : null;
    else out[key] = ads[key].filter(keep);
  }
  return out;
}

/** The page-facing view of the enabled zones. */
export function adsFromZones(zones: AdZone[]): AdsForViewer {
  const on = new Map<AdZoneKey, AdZoneConfigs[AdZoneKey]>();
  for (const zone of zones) if (zone.enabled) on.set(zone.key, zone.config);
  const config = <K extends AdZoneKey>(key: K) => on.get(key) as AdZoneConfigs[K] | undefined;

  const preroll = config('preroll');
  const promo = config('promo')?.banner ?? null;
  const partner = config('partner');
  const live = config('live');
  return oneHouseAd({
    preroll:
      preroll && (preroll.tags.length > 0 || preroll.fallback)
        ? {
            tags: preroll.tags,
            fallback: preroll.fallback,
            trackerUrl: preroll.trackerUrl,
            skipOffsetSeconds: PREROLL_TIMING.skipOffsetSeconds,
            timeoutDesktopMs: PREROLL_TIMING.timeoutDesktopMs,
            timeoutMobileMs: PREROLL_TIMING.timeoutMobileMs,
            maxRedirects: PREROLL_TIMING.maxRedirects,
          }
        : null,
    pause: config('pause')?.creatives[0] ?? null,
    footer: config('footer')?.creatives ?? [],
    carousel: config('carousel')?.creatives ?? [],
    aside: config('aside')?.creatives ?? [],
    promo,
    partner: partner?.src ? { src: partner.src, height: partner.height, clipId: partner.clipId } : null,
    live: Boolean(live?.feedUrl && live.countries.length > 0 && live.probability > 0),
    caps: Object.fromEntries(
      [...on].flatMap(([key, zone]) => (zone.frequencyCap > 0 ? [[key, zone.frequencyCap]] : [])),
    ),
  });
}

export function createAdsService(
  repo: AdsRepository,
  // `audit`: each save goes to the audit log (issue 17) as ad_zone.edit. `storage`: where the house
  // pre-roll's creative is looked for; without it there is no house pre-roll.
  options: {
    cacheTtlMs?: number;
    now?: () => number;
    audit?: AuditService;
    storage?: Pick<Storage, 'exists'>;
    /** The live ads' draw, in [0, 1) (tests pass their own). */
    random?: () => number;
  } = {},
) {
  const ttlMs = options.cacheTtlMs ?? 5000;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  let guest: { value: Promise<AdsForViewer>; expires: number } | null = null;

  const loadZones = async () =>
    (await repo.all()).map(toZone).filter((zone): zone is AdZone => zone !== null);
  let liveZone: { value: Promise<AdZoneConfigs['live'] | null>; expires: number } | null = null;
  const liveConfig = () => {
    const t = now();
    if (liveZone && liveZone.expires > t) return liveZone.value;
    const value = loadZones().then((zones) => {
      const zone = zones.find((z) => z.key === 'live');
      return zone?.enabled ? (zone.config as AdZoneConfigs['live']) : null;
    });
    liveZone = { value, expires: t + ttlMs };
    value.catch(() => {
      liveZone = null;
    });
    return value.catch(() => null);
  };

  const service: AdsService = {
    forViewer(user) {
      if (user) return Promise.resolve(NO_ADS);
      const t = now();
      if (guest && guest.expires > t) return guest.value;
      const value = loadZones().then(adsFromZones);
      guest = { value, expires: t + ttlMs };
      // A failed read is not remembered; the page then shows no ads rather than an error.
      value.catch(() => {
        guest = null;
      });
      return value.catch(() => NO_ADS);
    },

    async list(actor) {
      requireAdministrator(actor);
      const zones = await loadZones();
      const byKey = new Map(zones.map((zone) => [zone.key, zone]));
      return AD_ZONE_KEYS.flatMap((key) => byKey.get(key) ?? []);
    },

    async update(actor, input) {
      requireAdministrator(actor);
      const admin = actor;
      const head = adZoneUpdateInput.safeParse(input ?? {});
      if (!head.success) {
        throw new DomainError('invalid', {
          message: english('api.invalid_input'),
          codes: head.error.issues.map((issue) => ({
            field: String(issue.path[0] ?? 'general'),
            code: 'invalid',
          })),
        });
      }
      const { key, enabled, config } = head.data;
      const parsed = adZoneConfigSchemas[key].safeParse(config ?? {});
      if (!parsed.success) {
        throw new DomainError('invalid', {
          message: english('api.invalid_input'),
          codes: parsed.error.issues.map((issue) => ({
            field: ['config', ...issue.path].join('.'),
            code: issueCode(issue),
          })),
        });
      }
      const before = options.audit ? (await repo.all()).find((r) => r.key === key) : undefined;
      const row = await repo.save(key, enabled, parsed.data, admin.user_id);
      guest = null;
      liveZone = null;
      const zone = toZone(row);
      if (!zone) throw new Error('a saved ad zone does not validate');
      await options.audit?.record(
        admin,
        'ad_zone.edit',
        { type: 'ad_zone', id: key },
        {
          enabled,
          // The settings that changed, by name (the tags and creatives themselves can be long).
          // The stored config read as the schema reads it: a setting added since (a default) is no change.
          changed: changedKeys(
            before ? (adZoneConfigSchemas[key].safeParse(before.config).data ?? before.config) : undefined,
            parsed.data,
          ),
        },
      );
      return zone;
    },

    async liveFeed(user, country) {
      if (user || !country) return null;
      const live = await liveConfig();
      if (!live?.feedUrl || !live.countries.includes(country.toLowerCase())) return null;
      return random() * 100 < live.probability ? live.feedUrl : null;
    },

    async housePreroll(site) {
      if (!(await options.storage?.exists(HOUSE_PREROLL_CREATIVE.storageKey))) return null;
      return housePrerollVast(site);
    },
  };
  return service;
}

/** The top-level settings of a zone whose values differ between two configs. */
function changedKeys(before: unknown, after: Record<string, unknown>): string[] {
  const old = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(old), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(old[k]) !== JSON.stringify(after[k])).sort();
}
