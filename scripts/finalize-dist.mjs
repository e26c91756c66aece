// After `parcel build`: give the app's entry a content hash (Parcel keeps entry names stable) and point the loader at
// it (its source map follows), then write brotli and gzip (zopfli) copies of every text file beside it, so the server sends them without compressing
// on each request. Every file but the loader (embed.js) and the host page is then content-hashed and cached forever.
//
// Subresource Integrity, from the loader down: each chunk's loads go through the app's checked loader
// (src/embed/chunk-integrity.ts), which gets every chunk's SHA-384; the loader gets the app's; and the loader itself is
// copied to the pinned, immutable /v1/embed/<version>/embed.js, whose SHA-384 is printed for the release notes and the
// page's `integrity` (docs/embedding.md, "A pinned loader").
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const dist = process.argv[2] ?? 'dist';
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The SRI value of some bytes: SHA-384 for the loader and the app. */
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
/** The chunks' SRI values are SHA-256: as strong a check, and 16 bytes less each in the app that carries them all. */
const chunkSri = (bytes) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

/** Puts `value` in place of the one `placeholder` string literal of a built file (a second or none is a build error). */
function fill(code, placeholder, value, file) {
  const quoted = [`"${placeholder}"`, `'${placeholder}'`].find((literal) => code.includes(literal));
  const mentions = quoted ? code.split(quoted).length - 1 : 0;
  if (mentions !== 1) throw new Error(`${file} carries ${placeholder} ${mentions} times, expected once`);
  return code.replace(quoted, JSON.stringify(value));
}

/** The chunk loader Parcel's runtime calls, as the app installs it: `import(x)` becomes a checked load of `x`. */
const CHECKED_IMPORT = '(globalThis[Symbol.for("ticket-wallet.chunk")]||(s=>import(s)))(';

/**
 * Every chunk the app may load: its loads of further chunks go through the checked loader, and its SHA-384 (taken
 * after that) goes into the app. Parcel writes one `import(` per bundle that loads others (its runtime's); a file
 * with another number is a build this script does not know, and stops the build.
 */
function checkChunks() {
  const hashes = {};
  for (const name of readdirSync(dist)) {
    if (!name.endsWith('.js') || name === 'embed.js' || name === 'wallet-app.js') continue;
    const path = join(dist, name);
    let code = readFileSync(path, 'utf8');
    const imports = code.split('import(').length - 1;
    if (imports > 1) throw new Error(`${name} has ${imports} dynamic imports, expected Parcel's one`);
    if (imports === 1) writeFileSync(path, (code = code.replace('import(', CHECKED_IMPORT)));
    hashes[name] = chunkSri(code);
  }
  return hashes;
}
function hashAppEntry(chunkHashes) {
  const app = join(dist, 'wallet-app.js');
  let source = readFileSync(app, 'utf8');
  if (source.split('import(').length - 1 !== 1) throw new Error("wallet-app.js should have Parcel's one dynamic import");
  source = fill(source.replace('import(', CHECKED_IMPORT), '__TW_CHUNK_INTEGRITY__', JSON.stringify(chunkHashes), 'wallet-app.js');
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  const hashed = `wallet-app.${hash}.js`;
  // The source map moves with it, and the bundle's last line names the map.
  const code = source.replace(/\/\/# sourceMappingURL=wallet-app\.js\.map\s*$/, `//# sourceMappingURL=${hashed}.map\n`);
  writeFileSync(join(dist, hashed), code);
  rmSync(app);
  renameSync(join(dist, 'wallet-app.js.map'), join(dist, `${hashed}.map`));
  const loaderPath = join(dist, 'embed.js');
  const loader = readFileSync(loaderPath, 'utf8');
  const mentions = loader.split('"wallet-app.js"').length - 1;
  if (mentions !== 1) throw new Error(`embed.js names wallet-app.js ${mentions} times, expected once`);
  writeFileSync(loaderPath, fill(loader.replace('"wallet-app.js"', JSON.stringify(hashed)), '__TW_APP_INTEGRITY__', sri(code), 'embed.js'));
  return hashed;
}

/** The pinned loader: the same bytes under /v1/embed/<version>/, with its map; its SRI value. */
function pinLoader() {
  const folder = join(dist, 'v1', 'embed', version);
  mkdirSync(folder, { recursive: true });
  copyFileSync(join(dist, 'embed.js'), join(folder, 'embed.js'));
  copyFileSync(join(dist, 'embed.js.map'), join(folder, 'embed.js.map'));
  const integrity = sri(readFileSync(join(folder, 'embed.js')));
  const release = { version, loader: `/v1/embed/${version}/embed.js`, integrity };
  writeFileSync(join(dist, 'embed-release.json'), `${JSON.stringify(release, null, 2)}\n`);
  return release;
}

/** gzip by zopfli: the same format every browser reads, about 4 % smaller than zlib's best, made once at build. */
async function precompress(folder = dist) {
  let files = 0;
  for (const name of readdirSync(folder)) {
    if (!/\.(js|css|html|svg|json|map)$/.test(name)) continue;
    const content = readFileSync(join(folder, name));
    // Source maps are for developers' tools: zlib's best is enough for them.
    const gzipped = name.endsWith('.map') ? gzipSync(content, { level: 9 }) : await gzipAsync(content, { numiterations: 5 });
    writeFileSync(join(folder, `${name}.gz`), gzipped);
    // Brotli's best for what a page downloads; a quick level for the maps, whose best took three quarters of this
    // script's time (14 of 19 s here) for files only a developer's tools fetch.
    const quality = name.endsWith('.map') ? 5 : 11;
    writeFileSync(
      join(folder, `${name}.br`),
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    );
    files += 1;
  }
  return files;
}

const app = hashAppEntry(checkChunks());
const release = pinLoader();
const files = (await precompress()) + (await precompress(join(dist, 'v1', 'embed', version)));
console.log(`dist: app entry ${app}; ${files} files precompressed (br, gz)`);
// The release's pinned loader and its SRI value: what docs/embedding.md's snippet puts in `integrity`.
console.log(`embed: ${release.loader} integrity="${release.integrity}"`);
