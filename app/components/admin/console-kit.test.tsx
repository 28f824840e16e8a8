// The console kit (issue 33): the list URLs and filter values, the error texts' lookup order, and the
// markup of the table, notices and filter select the console pages share.
import admin_users from 'virtual:en/admin_users';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { addEnglish, i18n } from '../../lib/i18n.ts';
import {
  ConsoleNotice,
  ConsoleTable,
  consolePageUrl,
  errorText,
  FilterSelect,
  filterOf,
  firstText,
  pageCount,
} from './console-kit.tsx';

addEnglish({ admin_users });
const t = i18n.getFixedT('en');

describe('console kit', () => {
  it('builds a list URL of the non-empty filter values in their order, and the page past the first', () => {
    expect(consolePageUrl('/admin/users/', { q: '', role: 'moderator', status: '' })).toBe(
      '/admin/users/?role=moderator',
    );
    expect(consolePageUrl('/admin/comments/', { q: 'a b', status: 'hidden', video_id: '' }, 3)).toBe(
      '/admin/comments/?q=a+b&status=hidden&page=3',
    );
    expect(consolePageUrl('/admin/audit/', {}, 1)).toBe('/admin/audit/');
    expect([0, 1, 50, 51].map((total) => pageCount(total, 50))).toEqual([1, 1, 1, 2]);
  });

  it('reads the filter values from the query: strings cut to the maximum, anything else empty', () => {
    expect(filterOf(['q', 'role', 'status'], { q: 'abcdef', role: ['x'], page: '2' }, 3)).toEqual({
      q: 'abc',
      role: '',
      status: '',
    });
  });

  it('finds the text of an error code: the field’s own, then the code’s, then "other" with the code', () => {
    expect(errorText(t, 'admin_users', 'required', 'reason')).toBe(admin_users_error('reason_required'));
    expect(errorText(t, 'admin_users', 'own_account', 'general')).toBe(admin_users_error('own_account'));
    const other = errorText(t, 'admin_users', 'no_such_code', 'general');
    expect(other).toBe(t('admin_users.error.other', { code: 'no_such_code' }));
    expect(other).not.toBe('');
    expect(firstText(t, ['admin_users.nothing_here', 'admin_users.title'])).toBe(t('admin_users.title'));
    expect(firstText(t, ['admin_users.nothing_here'])).toBe('');
  });

  it('draws the table with its head, or the empty text when there are no rows', () => {
    const table = renderToStaticMarkup(
      <ConsoleTable
        className="users-admin__table"
        columns={['Id', { label: 'Views', className: 'num' }]}
        rows={1}
        empty={<p>None</p>}
      >
        <tr>
          <td>1</td>
          <td>2</td>
        </tr>
      </ConsoleTable>,
    );
    expect(table).toBe(
      '<div class="console__table-wrap"><table class="console__table users-admin__table"><thead><tr>' +
        '<th scope="col">Id</th><th scope="col" class="num">Views</th></tr></thead>' +
        '<tbody><tr><td>1</td><td>2</td></tr></tbody></table></div>',
    );
    const empty = renderToStaticMarkup(
      <ConsoleTable columns={['Id']} rows={0} empty={<p>None</p>}>
        {null}
      </ConsoleTable>,
    );
    expect(empty).toBe('<p>None</p>');
  });

  it('marks a notice as a status, an error as an alert, in the console or the queues', () => {
    expect(renderToStaticMarkup(<ConsoleNotice>Saved</ConsoleNotice>)).toBe(
      '<p class="console__notice" role="status">Saved</p>',
    );
    expect(renderToStaticMarkup(<ConsoleNotice error>No</ConsoleNotice>)).toBe(
      '<p class="console__notice console__notice--error" role="alert">No</p>',
    );
    expect(
      renderToStaticMarkup(
        <ConsoleNotice kind="moderation" error role="status">
          Half
        </ConsoleNotice>,
      ),
    ).toBe('<p class="moderation__notice moderation__notice--error" role="status">Half</p>');
  });

  it('offers "any" first in a filter select, then the values, with the current one chosen', () => {
    const html = renderToStaticMarkup(
      <FilterSelect
        label="Role"
        name="role"
        value="moderator"
        any="Any"
        options={[
          ['member', 'Member'],
          ['moderator', 'Moderator'],
        ]}
      />,
    );
    expect(html).toBe(
      '<label>Role<select name="role"><option value="">Any</option><option value="member">Member</option>' +
        '<option value="moderator" selected="">Moderator</option></select></label>',
    );
  });
});

/** The English text of admin_users.error.<key>, straight from the namespace. */
function admin_users_error(key: string): string {
  const errors = (admin_users as { error: Record<string, string> }).error;
  const text = errors[key];
  if (!text) throw new Error(`no admin_users.error.${key}`);
  return text;
}
