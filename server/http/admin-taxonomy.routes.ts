// The console's categories, tags, models and channels over HTTP (issue 17): GET/POST
// /api/admin/{categories,tags,models,channels}.php (a searched page; create, edit, delete) and
// POST /api/admin/taxonomy_image.php (multipart: a picture for a category, model or channel).
// Moderators and administrators: guests 401 and members 403 before any input check (staff-scope.ts);
// the Origin check of POSTs is the accounts hook's. Rules in modules/console/taxonomy-admin.service.ts.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  TAXONOMY_IMAGE_MAX_BYTES,
  TAXONOMY_IMAGE_PATH,
  TAXONOMY_KINDS,
  TAXONOMY_PAGE_SIZE,
  TAXONOMY_PATHS,
  type TaxonomyKind,
  taxonomyImageFormSchema,
  taxonomyImageSavedSchema,
  taxonomyInputSchema,
  taxonomyListSchema,
  taxonomyQuerySchema,
  taxonomySavedSchema,
} from '../../contract/admin-taxonomy.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { imageTooLarge } from '../modules/console/taxonomy-admin.image.ts';
import type { TaxonomyAdminService } from '../modules/console/taxonomy-admin.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { assertPlainText } from './input.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

const NAMES: Record<TaxonomyKind, string> = {
  category: 'categories',
  tag: 'tags (with the mvp block of the tag page)',
  model: 'models (every profile field)',
  channel: 'channels',
};

const roleErrors = {
  401: errorBodySchema.describe('`login_required`: a guest.'),
  403: errorBodySchema.describe(
    '`forbidden`: not a moderator or administrator (or `bad_origin` on a write).',
  ),
};

const IMAGE_BODY_MAX_BYTES = TAXONOMY_IMAGE_MAX_BYTES + 16 * 1024;
const IMAGE_FORM_LIMITS = { fileSize: TAXONOMY_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 };

export async function registerAdminTaxonomyRoutes(app: FastifyInstance, taxonomy: TaxonomyAdminService) {
  await registerStaffScope(app, async (scope) => {
    const api = contractRoutes(scope);
    for (const kind of TAXONOMY_KINDS) {
      const path = TAXONOMY_PATHS[kind];
      api.get(
        path,
        {
          schemaErrorFormatter: staffInputErrors,
          schema: {
            tags: ['admin'],
            summary: `The ${NAMES[kind]}, newest first, ${TAXONOMY_PAGE_SIZE} a page; moderators and administrators.`,
            description:
              '`q` searches titles and dirs. `id` answers that one object (404 `' +
              `${kind}_not_found\`). 400 \`invalid\` with codes [{field: page | id | q, code: invalid | max_length}]. Never cached.`,
            querystring: taxonomyQuerySchema,
            response: {
              200: taxonomyListSchema(kind),
              ...errors(400, 401, 403, 404),
              ...roleErrors,
            },
          },
        },
        async (request) => taxonomy.list(request.user, kind, request.query),
      );

      api.post(
        path,
        {
          schemaErrorFormatter: staffInputErrors,
          schema: {
            tags: ['admin'],
            summary: `Create, edit or delete one of the ${NAMES[kind]}; the site shows the change at once.`,
            description:
              'Form-encoded or JSON. `act=create` (title required; dir from the title when missing), `act=edit&id=` (a missing field keeps its value, an empty one clears it), `act=delete&id=` (its videos lose it; with `move_to` another object takes its videos and subscribers first and is recounted). ' +
              'dir is `[a-z0-9]` words joined by hyphens. 400 `invalid` with codes [{field, code: required | invalid | max_length | invalid_url | too_young | too_many | duplicate}] (mvp links: `links.{i}.url`, `links.{i}.title`); ' +
              `409 \`dir_taken\` (field dir); 404 \`${kind}_not_found\` (also for an unknown move_to).`,
            consumes: ['application/json', 'application/x-www-form-urlencoded'],
            body: taxonomyInputSchema(kind),
            response: {
              200: taxonomySavedSchema(kind),
              ...writeErrors(400, 401, 404, 409),
              ...roleErrors,
            },
          },
        },
        async (request) => taxonomy.write(request.user, kind, request.body),
      );
    }

    await scope.register(async (images) => {
      await images.register(fastifyMultipart);
      images.addHook('preValidation', async (request) => {
        // After the staff scope's check: a guest's or member's file is never read.
        if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
          throw new DomainError('invalid_request', {
            status: 415,
            message: english('api.unsupported_content_type'),
          });
        }
        if (Number(request.headers['content-length'] ?? 0) > IMAGE_BODY_MAX_BYTES) throw imageTooLarge();
        request.body = await readImageForm(request);
      });
      contractRoutes(images).post(
        TAXONOMY_IMAGE_PATH,
        {
          bodyLimit: IMAGE_BODY_MAX_BYTES,
          config: { multipartOptions: { limits: IMAGE_FORM_LIMITS } },
          schemaErrorFormatter: staffInputErrors,
          schema: {
            tags: ['admin'],
            summary:
              'The picture of a category, model (photo) or channel: checked by content, cropped, stored as WebP.',
            description:
              'Multipart: kind, id, file, or remove=1. 400 `invalid` with codes on kind | id | remove; on `file`: 400 `required`, `file_type` (not a JPEG, PNG, WebP or GIF image), `image_too_small` (under 100×100); 413 `file_too_large` (over 10 MB); 404 `{kind}_not_found`; 415 for a body that is not multipart.',
            consumes: ['multipart/form-data'],
            body: taxonomyImageFormSchema,
            response: {
              200: taxonomyImageSavedSchema,
              ...writeErrors(400, 401, 404, 413),
              ...roleErrors,
            },
          },
        },
        async (request) => {
          const { kind, id, remove, file } = request.body;
          const data = file ? Buffer.from(file.buffer, file.byteOffset, file.byteLength) : null;
          const { image } = await taxonomy.setImage(request.user, kind, id, data, remove === '1');
          return { status: 'success' as const, kind, id, image };
        },
      );
    });
  });
}

/** The multipart body: text fields (first of a name wins) and the picture as `file`. */
async function readImageForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields = new Map<string, unknown>();
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
      if (part.type === 'field') {
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, part.value);
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname === 'file' && data.length > 0 && !file) file = data;
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 413) throw imageTooLarge();
    throw new DomainError('invalid_request', { message: english('api.unreadable_form') });
  }
  fields.delete('file');
  assertPlainText(fields);
  if (file) fields.set('file', file);
  return Object.fromEntries(fields);
}
