// The sha256 of an uploaded file (up to 10 GB) for the duplicate check, computed in a worker
// thread: hashing on the main thread spent about 20 s of the event loop's time per 10 GB, between
// other members' requests (audit F8). Plain JavaScript in `eval` mode: the worker needs no
// TypeScript loader.
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { createReadStream } = require('node:fs');
const hash = createHash('sha256');
createReadStream(workerData.file, { highWaterMark: 1024 * 1024 })
  .on('data', (chunk) => hash.update(chunk))
  .on('error', (error) => parentPort.postMessage({ error: String(error && error.message) }))
  .on('end', () => parentPort.postMessage({ hex: hash.digest('hex') }));
`;

/** The file's sha256 in hex; rejects when the file cannot be read. */
export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
    let settled = false;
    worker.once('message', (message: { hex?: string; error?: string }) => {
      settled = true;
      if (message.hex) resolve(message.hex);
      else reject(new Error(`sha256 of ${file} failed: ${message.error}`));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`sha256 worker exited with code ${code}`));
      settled = true;
    });
  });
}
