import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurePanelLoad } from './tests/bench/first-panel.ts';
const port = 3990; const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tw-fp-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', RATE_LIMIT_PER_MINUTE: '100000' }, stdio: 'ignore' });
try {
  for (;;) { if (await fetch(`${base}/v1/settings/qr`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 200)); }
  const p = await measurePanelLoad({ name: 'LOGIN', baseUrl: base, distDir: 'dist', path: '/en/?PANEL_TAB=LOGIN', heading: 'Sign in or create an account' });
  console.log(p.gzipKb.toFixed(2), JSON.stringify(p.scripts));
  for (const s of p.shares) console.log(s.source.padEnd(40), s.gzipKb.toFixed(2));
  const post = (path: string, body: unknown) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, string>>);
  const { session } = await post('/v1/auth/signInOrRegisterAndSignIn', { email: 'fp@example.com' });
  const outbox = (await (await fetch(`${base}/dev/outbox?to=fp@example.com`)).json()) as { text: string }[];
  const otp = outbox.at(-1)!.text.match(/\d{6}/)![0];
  const tokens = await post('/v1/auth/verifyLoginRequest', { email: 'fp@example.com', otp, session });
  const q = await measurePanelLoad({ name: 'QR', baseUrl: base, distDir: 'dist', path: '/en/?PANEL_TAB=QR', heading: 'My QR code', storage: { 'tw.accessToken': tokens.accessToken!, 'tw.refreshToken': tokens.refreshToken! } });
  console.log('QR', q.gzipKb.toFixed(2), JSON.stringify(q.scripts.map((x) => [x.file, x.gzipBytes])));
} finally { server.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); }
