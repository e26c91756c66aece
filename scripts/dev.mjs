// `npm run dev`: Parcel rebuilds the web app into dist/ on every change (the loader and the app, unhashed, so the
// server serves them as they come) beside the server, which tsx restarts on every change of its code.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync('dist', { recursive: true });
copyFileSync('index.html', 'dist/index.html');
const children = [
  spawn('npx', ['parcel', 'watch', '--target', 'embed', '--target', 'app', '--no-hmr'], { stdio: 'inherit' }),
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// One of the two ending ends the other: a dev server without its build (or the reverse) only misleads.
for (const child of children) {
  child.once('exit', (code) => {
    process.exitCode ||= code ?? 0;
    stop();
  });
}
