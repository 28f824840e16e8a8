// Site settings over HTTP (issue 17): GET /api/admin/settings.php lists every setting with its value
// in effect, its default (the environment's) and whether it is overridden (secrets: only whether one
// is set); POST saves values or resets them to their defaults. Administrators only: the staff scope
// answers guests 401 and members 403, and this route refuses moderators before the input is read.
import type { FastifyInstance } from 'fastify';
import { ADMIN_SETTINGS_PATH, settingsForm, settingsPageSchema } from '../../contract/admin-settings.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { requireAdministrator } from '../modules/access.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

const roleErrors = {
  401: errorBodySchema.describe('`login_required`: a guest.'),
  403: errorBodySchema.describe('`forbidden`: not an administrator (or `bad_origin` on a write).'),
};

export async function registerAdminSettingsRoutes(app: FastifyInstance, settings: SettingsService) {
  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);
    const administrators = async (request: { user?: Parameters<typeof requireAdministrator>[0] }) =>
      requireAdministrator(request.user);

    api.get(
      ADMIN_SETTINGS_PATH,
      {
        preValidation: administrators,
        schema: {
          tags: ['admin'],
          summary: 'Every site setting: value in effect, default, overridden (administrators).',
          description:
            'The environment gives the defaults; a stored value overrides one. Secrets are never sent: `set` says whether one is in effect. Never cached.',
          response: { 200: settingsPageSchema, ...errors(401, 403), ...roleErrors },
        },
      },
      async (request) => settings.page(request.user),
    );

    api.post(
      ADMIN_SETTINGS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        preValidation: administrators,
        schema: {
          tags: ['admin'],
          summary:
            'Save setting values (`act: save`, `values`) or reset them to their defaults (`act: reset`, `keys`).',
          description:
            'JSON; at most 64 KB. Each change is applied at once in every process (within 2 s elsewhere), audited as `setting.change` (secrets as "(secret changed)"), and the caches are purged.',
          consumes: ['application/json'],
          body: settingsForm,
          response: {
            200: settingsPageSchema,
            ...writeErrors(400, 401, 403),
            ...roleErrors,
            400: errorBodySchema.describe(
              '`invalid` with codes per setting key: required, too_long, invalid, invalid_url, invalid_email, too_small, too_large, too_many, must_include_default, unknown_option, unknown_setting.',
            ),
          },
        },
      },
      async (request) => settings.change(request.user, request.body),
    );
  });
}
