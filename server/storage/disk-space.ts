// The local disk's free space: the console's dashboard shows it for the media and data directories
// (app-services.ts hands the dashboard service this function). The one statfs outside the upload's
// tus staging (modules/upload, which refuses an upload that would fill the disk).
import { statfs } from 'node:fs/promises';

/** Free and total bytes of the file system holding `dir`; null when it cannot be read. */
export async function diskSpace(dir: string): Promise<{ free: number; total: number } | null> {
  try {
    const disk = await statfs(dir);
    return { free: disk.bavail * disk.bsize, total: disk.blocks * disk.bsize };
  } catch {
    return null;
  }
}
