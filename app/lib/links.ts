// Addresses outside this site that the footer links to. Placeholders until the operator configures
// the real ones (the spec names the links but not their targets).
export const EXTERNAL_LINKS = {
  tvApp: 'https://tv.example.com/',
  partner: 'https://partner.example.com/',
  /** The Restricted To Adults label site. */
  rta: 'https://www.rtalabel.org/',
} as const;

export function videoPath(video: { video_id: number; dir: string }): string {
  return `/video/${video.video_id}/${video.dir}/`;
}

export function categoryPath(dirs: string | readonly string[], sort = 'latest-updates', page = 1): string {
  const object = typeof dirs === 'string' ? dirs : dirs.join(',');
  return `/categories/${object}/${sort}/${page}/`;
}
