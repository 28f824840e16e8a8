// What both upload route files answer with (upload-tus.routes.ts, video-edit.routes.ts): the member
// required, and the errors documented for an upload's owner.
import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../contract/errors.ts';
import { unauthorized } from '../errors.ts';
import type { UploadUser } from '../modules/upload/upload.service.ts';

export const described = (description: string) => errorBodySchema.describe(description);

export const OWNER_ERRORS = {
  401: described('`unauthorized`: a guest.'),
  403: described('`forbidden`: another member’s upload.'),
  404: described('`upload_not_found`: no such live upload (finished uploads go once submitted).'),
};

export const requireUser = (request: FastifyRequest): UploadUser => {
  if (!request.user) throw unauthorized();
  return request.user;
};
