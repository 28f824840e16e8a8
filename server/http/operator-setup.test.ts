// Issue 34 item 9: a new site's legal pages print incomplete operator details; the console's dashboard
// says which are missing (and the start log does, server/main.ts) until they are set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PATH, type Dashboard } from '../../contract/admin-dashboard.ts';
import { missingOperatorDetails } from '../modules/settings/operator-details.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createSignedInUser } from '../test/roles.ts';

describe('missingOperatorDetails', () => {
  it('names every detail the legal pages lack; a name equal to the site name counts as unset', () => {
    expect(missingOperatorDetails({ siteName: 'TubeSite', operator: { name: 'TubeSite' } })).toEqual([
      'operator_name',
      'operator_address',
      'dmca_agent_email',
      'custodian_of_records',
    ]);
    expect(
      missingOperatorDetails({
        siteName: 'TubeSite',
        operator: {
          name: 'Example Media Ltd',
          address: '1 Test Street, Testville',
          dmcaAgentEmail: 'dmca@example.com',
          custodianOfRecords: 'Jane Roe, 1 Test Street, Testville',
        },
      }),
    ).toEqual([]);
    expect(
      missingOperatorDetails({
        siteName: 'TubeSite',
        operator: { name: 'Example Media Ltd', address: '  ' },
      }),
    ).toEqual(['operator_address', 'dmca_agent_email', 'custodian_of_records']);
  });
});

describe.each([
  ['unset', {}, ['operator_name', 'operator_address', 'dmca_agent_email', 'custodian_of_records']],
  [
    'set',
    {
      OPERATOR_NAME: 'Example Media Ltd',
      OPERATOR_ADDRESS: '1 Test Street, Testville',
      DMCA_AGENT_EMAIL: 'dmca@example.com',
      CUSTODIAN_OF_RECORDS: 'Jane Roe, 1 Test Street, Testville',
    },
    [],
  ],
] as const)('the dashboard with the operator details %s', (_name, env, missing) => {
  let t: TestApp;
  let admin: string;
  let moderator: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { ...env, CATALOG_CACHE: 'off' } });
    admin = (await createSignedInUser(t, 'setup_admin', 'administrator')).cookie;
    moderator = (await createSignedInUser(t, 'setup_moderator', 'moderator')).cookie;
  });
  afterAll(() => t.close());

  it('lists what is missing in its call and shows it on the page', async () => {
    const res = await t.app.inject({ url: `${DASHBOARD_PATH}?days=7`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Dashboard).setup.missing_operator_details).toEqual([...missing]);
    const page = await t.app.inject({ url: '/admin/', headers: { cookie: admin } });
    expect(page.statusCode).toBe(200);
    if (missing.length === 0) {
      expect(page.body).not.toContain('data-operator-setup');
      return;
    }
    expect(page.body).toContain('data-operator-setup');
    expect(page.body).toContain('The legal pages are missing operator details');
    expect(page.body).toContain(
      'operator name, operator address, DMCA agent e-mail, and custodian of records',
    );
    expect(page.body).toContain('href="/admin/settings/"');
    // A moderator is told too, without the link to settings only administrators may open.
    const seen = await t.app.inject({ url: '/admin/', headers: { cookie: moderator } });
    expect(seen.body).toContain('data-operator-setup');
    expect(seen.body).not.toContain('Set them in Settings');
  });
});
