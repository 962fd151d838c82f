// `npm run dev`: the whole site with hot reload on http://localhost:3000.
//   shared   tsc watch (the front ends and the API import its dist)
//   api      on port 4000; the dev servers proxy /api and /socket.io to it
//   shell    on port 3000; serves a /remotes.json that points at the remotes' dev servers
//   mfe-*    on ports 3001-3005; each also runs alone with its dev providers
import concurrently from 'concurrently';
import { spawnSync } from 'node:child_process';

// The webpack configs and the API load shared's dist, so it must exist before anything starts.
const build = spawnSync('npm', ['run', 'build', '-w', '@carmarket/shared'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { remotes } = await import('@carmarket/shared/contracts');
const { apiDevPort } = await import('@carmarket/shared/mf');

const workspaceDev = (name, workspace, extra = {}) => ({
  name,
  command: `npm run dev --workspace ${workspace}`,
  ...extra,
});

const { result } = concurrently(
  [
    workspaceDev('shared', '@carmarket/shared'),
    workspaceDev('api', '@carmarket/api', { env: { PORT: String(apiDevPort) } }),
    workspaceDev('shell', '@carmarket/shell'),
    ...Object.values(remotes).map(({ short }) => workspaceDev(short, `@carmarket/mfe-${short}`)),
  ],
  { prefix: 'name', padPrefix: true, killOthersOn: ['failure'] },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
