export function videoPath(video: { video_id: number; dir: string }): string {
  return `/video/${video.video_id}/${video.dir}/`;
}

export function categoryPath(dirs: string | readonly string[], sort = 'latest-updates', page = 1): string {
  const object = typeof dirs === 'string' ? dirs : dirs.join(',');
  return `/categories/${object}/${sort}/${page}/`;
}
