// The check-params rows of the areas that keep them in files of their own; the suite
// (../check-params.test.ts) spreads them into its table beside its own rows. One import and one
// spread per area file: `<area>.rows.ts` exports `<area>Rows: Row[]`.
import type { Row } from '../../test/check-params-kit.ts';
import { accountRows } from './accounts.rows.ts';
import { adminAuditRows } from './admin-audit.rows.ts';
import { adminSearchTermsRows } from './admin-search-terms.rows.ts';
import { adminSettingsRows } from './admin-settings.rows.ts';
import { adminTaxonomyRows } from './admin-taxonomy.rows.ts';
import { adminUsersRows } from './admin-users.rows.ts';
import { adminVideosRows } from './admin-videos.rows.ts';
import { adsRows } from './ads.rows.ts';
import { ageVerificationRows } from './age-verification.rows.ts';
import { analyticsRows } from './analytics.rows.ts';
import { appealsRows } from './appeals.rows.ts';
import { catalogueRows } from './catalogue.rows.ts';
import { communityRows } from './community.rows.ts';
import { communityListRows } from './community-list.rows.ts';
import { dashboardRows } from './dashboard.rows.ts';
import { dmcaRows } from './dmca.rows.ts';
import { integrityRows } from './integrity.rows.ts';
import { messagesRows } from './messages.rows.ts';
import { profileRows } from './profile.rows.ts';
import { recordsRows } from './records.rows.ts';
import { revenueRows } from './revenue.rows.ts';
import { staffRows } from './staff.rows.ts';
import { uploadRows } from './upload.rows.ts';
import { watchRows } from './watch.rows.ts';

export const areaRows: Row[] = [
  ...catalogueRows,
  ...accountRows,
  ...staffRows,
  ...uploadRows,
  ...watchRows,
  ...adminUsersRows,
  ...adminTaxonomyRows,
  ...adminSettingsRows,
  ...adminAuditRows,
  ...adminSearchTermsRows,
  ...adminVideosRows,
  ...adsRows,
  ...appealsRows,
  ...ageVerificationRows,
  ...integrityRows,
  ...analyticsRows,
  ...communityRows,
  ...communityListRows,
  ...dashboardRows,
  ...dmcaRows,
  ...messagesRows,
  ...profileRows,
  ...recordsRows,
  ...revenueRows,
];
