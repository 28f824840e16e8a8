// Uploads over HTTP (content.md §3, §5, §7): the tus endpoint (resumable, streamed to disk, each
// upload owned by the member who started it; upload-tus.routes.ts) and POST /api/video_edit.php (the
// form, then the checks; video-edit.routes.ts), in that order.
// Expired uploads are removed by server/modules/upload/upload-cleaner.ts, started by the app.
import type { FastifyInstance } from 'fastify';
import type { UploadService } from '../modules/upload/upload.service.ts';
import { registerTusRoutes } from './upload-tus.routes.ts';
import { registerVideoEditRoute } from './video-edit.routes.ts';

export async function registerUploadRoutes(
  app: FastifyInstance,
  uploads: UploadService,
  options: { publicUrl: string },
) {
  await registerTusRoutes(app, uploads, options);
  await registerVideoEditRoute(app, uploads);
}
