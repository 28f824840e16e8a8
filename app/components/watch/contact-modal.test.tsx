// The report (contact) form fills in a signed-in member's own address (issue 34), rendered inside a root
// route whose loader data is what app/root.tsx hands the page; a guest's field stays empty.
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { toCurrentUser } from '../../../server/modules/accounts/accounts.service.ts';
// The site's i18next instance (English), as the page has it.
import '../../lib/i18n.ts';
import { ContactModal } from './contact-modal.tsx';

async function renderForm(user: CurrentUser | null): Promise<string> {
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: () => ({ user, captcha: null }),
      Component: () => <ContactModal onClose={() => {}} onSent={() => {}} />,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const emailInput = (html: string) => html.match(/<input[^>]*name="email"[^>]*>/)?.[0] ?? '';

describe('the report form', () => {
  it("prefills a signed-in member's e-mail address", async () => {
    const member = toCurrentUser({
      id: 7,
      username: 'reporter',
      email: 'reporter@example.com',
      password_hash: null,
      role: 'member',
      status: 'active',
      avatar: null,
      google_sub: null,
      age_verified: false,
      ban_reason: null,
      banned_until: null,
      language: null,
    });
    expect(member.email).toBe('reporter@example.com');
    expect(emailInput(await renderForm(member))).toContain('value="reporter@example.com"');
  });

  it('leaves it empty for a guest', async () => {
    const input = emailInput(await renderForm(null));
    expect(input).not.toBe('');
    expect(input).not.toMatch(/value="[^"]+"/);
  });
});
