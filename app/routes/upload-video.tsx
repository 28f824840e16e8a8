// content.md §2 and §6: upload needs a signed-in member; a guest goes home. Nobody can sign in yet.
// A temporary redirect: a cached 301 would keep sending members home after they sign in.
import { redirect } from 'react-router';

export function loader() {
  throw redirect('/', 302);
}

export default function UploadVideo() {
  return null;
}
