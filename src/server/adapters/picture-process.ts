// A picture process: started by picture-pool.ts with `node --import tsx`, it re-encodes one upload at a time
// (picture.ts) and answers with the result and the CPU time it took. The pool kills it when a picture takes too long
// or it runs out of memory; it exits by itself when the server that started it is gone.
import sharp from 'sharp';
import { toAvatarWebp } from './picture';

// One libvips thread per picture, no cache kept between uploads: the pool's concurrency is the number of cores used.
sharp.concurrency(1);
sharp.cache(false);

export interface PictureJob {
  id: number;
  bytes: Uint8Array;
}

export interface PictureAnswer {
  id: number;
  result: Awaited<ReturnType<typeof toAvatarWebp>>;
  cpuMs: number;
}

process.on('message', (job: PictureJob) => {
  const started = process.cpuUsage();
  void toAvatarWebp(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength))
    .catch(() => ({ ok: false as const, reason: 'invalid' as const }))
    .then((result) => {
      const used = process.cpuUsage(started);
      const answer: PictureAnswer = { id: job.id, result, cpuMs: (used.user + used.system) / 1000 };
      process.send?.(answer);
    });
});
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
