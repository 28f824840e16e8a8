// The 2257 page names the custodian of records (issue 31): the operator setting custodian_of_records,
// with the operator's address when the setting does not give it; else the operator itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

describe('/information/2257/ names the custodian of records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: {
        OPERATOR_NAME: 'Lumen Harbour Media Ltd',
        OPERATOR_ADDRESS: '12 Quay Street, Harbourtown',
        CUSTODIAN_OF_RECORDS: 'Jane Roe, Records Office',
      },
    });
  });
  afterAll(() => t.close());

  it('shows the custodian and the address the records are kept at', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/information/2257/' })).body;
    expect(html).toMatch(/Custodian of records<\/dt><dd>Jane Roe, Records Office<\/dd>/);
    expect(html).toMatch(/<dt>[^<]*<\/dt><dd>12 Quay Street, Harbourtown<\/dd>/);
  });
});
