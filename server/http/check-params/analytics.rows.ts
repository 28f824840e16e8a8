// First-party analytics (issue 17; contract/analytics.ts): POST /api/stats.php is public — guests and
// members alike send their page views and goals; its GET pixel form counts ad impressions (issue 34). The counting itself (staging, flush, budgets,
// parallel calls) in server/http/analytics.routes.test.ts and server/modules/analytics/analytics.test.ts.
import { STATS_MAX_EVENTS, STATS_PATH } from '../../../contract/analytics.ts';
import { badUrl, everyone, type Row, refused } from '../../test/check-params-kit.ts';

const beacon = (body: string) => ({
  call: () => ({ url: STATS_PATH, headers: { 'content-type': 'text/plain;charset=UTF-8' }, body }),
});

export const analyticsRows: Row[] = [
  {
    route: `POST ${STATS_PATH}`,
    call: () => ({
      url: STATS_PATH,
      json: {
        events: [
          { type: 'hit', route: 'routes/home', campaign: 'spring' },
          { type: 'goal', name: 'player_play' },
        ],
      },
    }),
    expect: everyone(200),
    bad: [
      { name: 'no events', json: { events: [] }, answer: refused(400, 'required', 'events') },
      {
        name: 'too many events',
        json: { events: Array(STATS_MAX_EVENTS + 1).fill({ type: 'goal', name: 'x' }) },
        answer: refused(400, 'too_many_events', 'events'),
      },
      {
        name: 'unknown type',
        json: { events: [{ type: 'view' }] },
        answer: refused(400, 'invalid_type', 'type'),
      },
      {
        name: 'bad route name',
        json: { events: [{ type: 'hit', route: 'Routes/Home' }] },
        answer: refused(400, 'invalid_name', 'route'),
      },
      {
        name: 'bad campaign',
        json: { events: [{ type: 'hit', route: 'routes/home', campaign: 'a b' }] },
        answer: refused(400, 'invalid_campaign', 'campaign'),
      },
      {
        name: 'broken JSON (beacon)',
        ...beacon('{"events":'),
        answer: refused(400, 'invalid_json', 'general'),
      },
      {
        name: 'body over 16 KiB',
        ...beacon(JSON.stringify({ events: [{ type: 'goal', name: 'x' }], pad: 'x'.repeat(17 * 1024) })),
        answer: refused(413, 'fst_err_ctp_body_too_large'),
      },
      { name: 'guest, no events', json: { events: [] }, answer: refused(400, 'required'), as: 'guest' },
    ],
  },
  {
    // A VAST <Impression> URL (the house pre-roll's), its [CACHEBUSTING] filled in by the player.
    route: `GET ${STATS_PATH}`,
    call: () => ({ url: `${STATS_PATH}?goal=house_preroll_impression&cb=12345678` }),
    expect: everyone(204),
    bad: [
      badUrl('no goal', `${STATS_PATH}?cb=1`, 'invalid_name'),
      badUrl('a goal the pixel does not count', `${STATS_PATH}?goal=player_play`, 'invalid_name'),
    ],
  },
];
