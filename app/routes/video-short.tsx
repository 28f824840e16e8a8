// `/video/{id}/` without its dir (issue 28): one 301 to the video's one URL, as a wrong dir gets from
// routes/video.tsx; an unknown id is the 404 page.
import { redirect } from 'react-router';
import { userContext } from '../lib/context.ts';
import { notFound, parseId } from '../lib/params.ts';
import { servicesOf } from '../lib/route-data.ts';
import type { Route } from './+types/video-short.ts';

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const services = servicesOf(context);
  const user = context.get(userContext);
  // A private video's URL is told only to those who may see it (its uploader and staff).
  const video =
    (await services.catalog.getVideo(id)) ?? (user ? await services.catalog.getVideo(id, user) : null);
  if (!video) notFound();
  throw redirect(`/video/${video.video_id}/${video.dir}/${url.search}`, 301);
}

// A UI route (not a resource route), so that a 404 here renders the 404 page.
export default function VideoShort() {
  return null;
}
