// Which English goes where (locales/vite-english.ts): every page's first load carries `virtual:en/core`,
// which must hold neither the route namespaces (their routes load them) nor the server's (`api`: the
// answers' sentences, server/lib/english.ts; no page shows them).
import core from 'virtual:en/core';
import { describe, expect, it } from 'vitest';
import english from '../../locales/en.json' with { type: 'json' };
import { ROUTE_NAMESPACES, SERVER_NAMESPACES } from './i18n-namespaces.ts';

describe('the English of the first load', () => {
  it('has every namespace of en.json but the routes’ and the server’s', () => {
    const elsewhere: readonly string[] = [...ROUTE_NAMESPACES, ...SERVER_NAMESPACES];
    const expected = Object.keys(english).filter((name) => !elsewhere.includes(name));
    expect(Object.keys(core).sort()).toEqual(expected.sort());
  });

  it('leaves out the server’s sentences', () => {
    for (const name of SERVER_NAMESPACES) {
      expect(english).toHaveProperty(name);
      expect(core).not.toHaveProperty(name);
    }
  });
});
