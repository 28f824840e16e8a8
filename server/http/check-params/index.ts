// The check-params rows of the areas that keep them in files of their own; the suite
// (../check-params.test.ts) spreads them into its table beside its own rows. One import and one
// spread per area file: `<area>.rows.ts` exports `<area>Rows: Row[]`.
import type { Row } from '../../test/check-params-kit.ts';
import { ageVerificationRows } from './age-verification.rows.ts';
import { communityRows } from './community.rows.ts';
import { communityListRows } from './community-list.rows.ts';
import { dmcaRows } from './dmca.rows.ts';
import { messagesRows } from './messages.rows.ts';
import { profileRows } from './profile.rows.ts';

export const areaRows: Row[] = [
  ...ageVerificationRows,
  ...communityRows,
  ...communityListRows,
  ...dmcaRows,
  ...messagesRows,
  ...profileRows,
];
