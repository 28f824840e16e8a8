import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseNetworkSites } from './config.ts';

// Issue 15's variables: the country header, the age gate's list, the operator details and the links.
describe('compliance configuration', () => {
  it('defaults: GeoIP only, the spec list, the site as operator, no links but the RTA label', () => {
    const config = loadConfig({ SITE_NAME: 'Demo' });
    expect(config.countryHeader).toBeUndefined();
    expect(config.ageGateCountries).toEqual(
      'at,be,bg,hr,cy,cz,dk,ee,fi,fr,de,gr,hu,ie,it,lv,lt,lu,mt,nl,pl,pt,ro,sk,si,es,se,us'.split(','),
    );
    expect(config.operator).toEqual({
      name: 'Demo',
      address: null,
      dmcaAgentName: 'Demo',
      dmcaAgentEmail: null,
      custodianOfRecords: null,
    });
    expect(config.networkLinks).toEqual({
      tvApp: null,
      partner: null,
      liveCam: null,
      rta: 'https://www.rtalabel.org/',
      sites: [],
      downloadChannel: null,
      downloadBot: null,
      extensionStore: null,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      COUNTRY_HEADER: 'CF-IPCountry',
      AGE_GATE_COUNTRIES: 'DE, fr,us',
      OPERATOR_NAME: 'Op Ltd',
      DMCA_AGENT_EMAIL: 'agent@op.test',
      TV_APP_URL: 'https://tv.op.test/',
      NETWORK_SITES: 'One|https://one.test/, Two|http://two.test/',
      RTA_LABEL_URL: 'none',
      EXTENSION_STORE_URL: 'https://store.op.test/extension',
    });
    expect(config.networkLinks.extensionStore).toBe('https://store.op.test/extension');
    expect(config.countryHeader).toBe('cf-ipcountry');
    expect(config.ageGateCountries).toEqual(['de', 'fr', 'us']);
    expect(config.operator.dmcaAgentName).toBe('Op Ltd');
    expect(config.operator.dmcaAgentEmail).toBe('agent@op.test');
    expect(config.networkLinks.tvApp).toBe('https://tv.op.test/');
    expect(config.networkLinks.rta).toBeNull();
    expect(config.networkLinks.sites).toEqual([
      { name: 'One', url: 'https://one.test/' },
      { name: 'Two', url: 'http://two.test/' },
    ]);
    expect(loadConfig({ AGE_GATE_COUNTRIES: 'none' }).ageGateCountries).toEqual([]);
  });

  it('names each bad value', () => {
    const bad = {
      COUNTRY_HEADER: 'CF IPCountry',
      AGE_GATE_COUNTRIES: 'deu,fr',
      DMCA_AGENT_EMAIL: 'not-mail',
      TV_APP_URL: 'javascript:alert(1)',
      NETWORK_SITES: 'One|javascript:alert(1)',
      RTA_LABEL_URL: 'ftp://x',
    };
    try {
      loadConfig(bad);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const names = (error as ConfigError).problems.map((p) => p.split('=')[0]);
      expect(names.sort()).toEqual(Object.keys(bad).sort());
    }
  });

  it('network sites: Name|URL pairs, at most 15', () => {
    expect(parseNetworkSites('')).toEqual([]);
    expect(parseNetworkSites('A|https://a.test/,')).toEqual([{ name: 'A', url: 'https://a.test/' }]);
    expect(parseNetworkSites('A')).toBeNull();
    expect(parseNetworkSites('|https://a.test/')).toBeNull();
    expect(parseNetworkSites('A|https://a.test/|x')).toBeNull();
    const sixteen = Array.from({ length: 16 }, (_, i) => `S${i}|https://s${i}.test/`).join(',');
    expect(parseNetworkSites(sixteen)).toBeNull();
  });
});
