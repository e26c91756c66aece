// Compiles the server for production (the Docker image): each entry bundled with esbuild into build/server/*.js,
// packages left to node_modules, so the image runs plain `node` with no TypeScript loader. The bundles sit two levels
// below the repository like src/server/*, so their paths to locales/, assets/ and dist/ stay the same; the migrations
// and the demo site's page scripts and styles are copied beside them. Run: `npm run build:server`.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'build/server';
rmSync('build', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'picture-process': 'src/server/adapters/picture-process.ts',
    'migrate-cli': 'src/server/db/migrate-cli.ts',
    'seed-cli': 'src/server/db/seed-cli.ts',
    proxy: 'src/proxy/main.ts',
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', `${out}/migrations`, { recursive: true });
// The demo site's page scripts and styles, which src/host/site-*.ts read beside themselves at start.
for (const file of readdirSync('src/host').filter((name) => /\.(?:css|client\.js)$/.test(name))) cpSync(`src/host/${file}`, `${out}/${file}`);
console.log(`server compiled into ${out}/`);
