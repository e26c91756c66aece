// After `parcel build`: give the app's entry a content hash (Parcel keeps entry names stable) and point the loader at
// it (its source map follows), then write brotli and gzip (zopfli) copies of every text file beside it, so the server sends them without compressing
// on each request. Every file but the loader (embed.js) and the host page is then content-hashed and cached forever.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const dist = process.argv[2] ?? 'dist';

function hashAppEntry() {
  const app = join(dist, 'wallet-app.js');
  const hash = createHash('sha256').update(readFileSync(app)).digest('hex').slice(0, 8);
  const hashed = `wallet-app.${hash}.js`;
  // The source map moves with it, and the bundle's last line names the map.
  const code = readFileSync(app, 'utf8').replace(/\/\/# sourceMappingURL=wallet-app\.js\.map\s*$/, `//# sourceMappingURL=${hashed}.map\n`);
  writeFileSync(join(dist, hashed), code);
  rmSync(app);
  renameSync(join(dist, 'wallet-app.js.map'), join(dist, `${hashed}.map`));
  const loaderPath = join(dist, 'embed.js');
  const loader = readFileSync(loaderPath, 'utf8');
  const mentions = loader.split('"wallet-app.js"').length - 1;
  if (mentions !== 1) throw new Error(`embed.js names wallet-app.js ${mentions} times, expected once`);
  writeFileSync(loaderPath, loader.replace('"wallet-app.js"', JSON.stringify(hashed)));
  return hashed;
}

/** gzip by zopfli: the same format every browser reads, about 4 % smaller than zlib's best, made once at build. */
async function precompress() {
  let files = 0;
  for (const name of readdirSync(dist)) {
    if (!/\.(js|css|html|svg|json|map)$/.test(name)) continue;
    const content = readFileSync(join(dist, name));
    // Source maps are for developers' tools: zlib's best is enough for them.
    const gzipped = name.endsWith('.map') ? gzipSync(content, { level: 9 }) : await gzipAsync(content, { numiterations: 5 });
    writeFileSync(join(dist, `${name}.gz`), gzipped);
    writeFileSync(
      join(dist, `${name}.br`),
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    );
    files += 1;
  }
  return files;
}

const app = hashAppEntry();
const files = await precompress();
console.log(`dist: app entry ${app}; ${files} files precompressed (br, gz)`);
