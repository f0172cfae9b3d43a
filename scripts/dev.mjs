// `npm run dev`: the API server (with reload) and Vite's dev server, which proxies /api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8787';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, CLIENT_DIR: '' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
