// Issue 32's calls: the thumbnail-trial beacon and its console call (contract/thumbs.ts), and ad
// accounting's beacon and report (contract/ads-stats.ts). The behaviour (trials, budgets, flushes, two
// processes) in server/http/thumbs.routes.test.ts and server/http/ad-stats.routes.test.ts. The catalogue
// fixture's videos have no trial: a well-formed thumbs beacon for one is answered 404 `unknown_video`.
import { ADMIN_AD_STATS_CSV_PATH, ADMIN_AD_STATS_PATH } from '../../../contract/ads-stats.ts';
import { AD_EVENTS_PATH } from '../../../contract/ads-viewer.ts';
import { ADMIN_THUMBS_PATH, THUMBS_MAX_EVENTS, THUMBS_PATH } from '../../../contract/thumbs.ts';
import { adminsOnly, badUrl, everyone, type Row, refused, staffOnly } from '../../test/check-params-kit.ts';

const AD_EVENT = { zone: 'footer', creative: 'house-300x250', event: 'impression' };

export const revenueRows: Row[] = [
  {
    route: `POST ${THUMBS_PATH}`,
    call: (c) => ({
      url: THUMBS_PATH,
      json: { events: [{ video_id: c.listed.id, still: 0, type: 'impression' }] },
    }),
    expect: everyone(refused(404, 'unknown_video')),
    bad: [
      { name: 'no events', json: { events: [] }, answer: refused(400, 'required', 'events') },
      {
        name: 'too many events',
        json: { events: Array(THUMBS_MAX_EVENTS + 1).fill({ video_id: 1, still: 0, type: 'click' }) },
        answer: refused(400, 'too_many_events', 'events'),
      },
      {
        name: 'bad still',
        json: { events: [{ video_id: 1, still: -1, type: 'click' }] },
        answer: refused(400, 'invalid_still', 'still'),
      },
      {
        name: 'bad type',
        json: { events: [{ video_id: 1, still: 0, type: 'view' }] },
        answer: refused(400, 'invalid_type', 'type'),
      },
    ],
  },
  {
    route: `GET ${ADMIN_THUMBS_PATH}`,
    call: (c) => ({ url: `${ADMIN_THUMBS_PATH}?video_id=${c.listed.id}` }),
    expect: staffOnly(200),
    bad: [
      badUrl('no id', ADMIN_THUMBS_PATH, 'invalid'),
      badUrl('bad id', `${ADMIN_THUMBS_PATH}?video_id=abc`, 'invalid'),
      badUrl('unknown', `${ADMIN_THUMBS_PATH}?video_id=999999`, 'not_found'),
    ],
  },
  {
    route: `POST ${ADMIN_THUMBS_PATH}`,
    call: (c) => ({ url: ADMIN_THUMBS_PATH, form: { video_id: String(c.listed.id), act: 'unpin' } }),
    expect: staffOnly(refused(409, 'not_pinned')),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'video_id'), as: 'moderator' },
      {
        name: 'bad act',
        form: { video_id: '1', act: 'delete' },
        answer: refused(400, 'invalid', 'act'),
        as: 'moderator',
      },
      {
        name: 'unknown video',
        form: { video_id: '999999', act: 'unpin' },
        answer: refused(404, 'not_found'),
        as: 'moderator',
      },
    ],
  },
  {
    route: `POST ${AD_EVENTS_PATH}`,
    call: () => ({ url: AD_EVENTS_PATH, json: { events: [AD_EVENT] } }),
    expect: everyone(200),
    bad: [
      { name: 'no events', json: { events: [] }, answer: refused(400, 'required', 'events') },
      {
        name: 'unknown zone',
        json: { events: [{ ...AD_EVENT, zone: 'popunder' }] },
        answer: refused(400, 'invalid_zone', 'zone'),
      },
      {
        name: 'unknown event',
        json: { events: [{ ...AD_EVENT, event: 'hover' }] },
        answer: refused(400, 'invalid_event', 'event'),
      },
    ],
  },
  {
    route: `GET ${ADMIN_AD_STATS_PATH}`,
    call: () => ({ url: `${ADMIN_AD_STATS_PATH}?days=7` }),
    expect: adminsOnly(200),
    bad: [badUrl('bad days', `${ADMIN_AD_STATS_PATH}?days=0`, 'invalid_days')],
  },
  {
    route: `GET ${ADMIN_AD_STATS_CSV_PATH}`,
    call: () => ({ url: `${ADMIN_AD_STATS_CSV_PATH}?days=30` }),
    expect: adminsOnly(200),
    bad: [badUrl('bad days', `${ADMIN_AD_STATS_CSV_PATH}?days=x`, 'invalid_days')],
  },
];
