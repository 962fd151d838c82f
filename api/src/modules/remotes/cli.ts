import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config/env.js';
import { AppError } from '../../http/errors.js';
import { parseRemoteName } from './registry-store.js';
import { RemotesService } from './remotes.service.js';

// `npm run remote -- <command>`: switches the remotes the site serves through the deploy registry
// (REMOTE_REGISTRY_DIR, the same environment as `npm start`). A running server picks the change up
// for new page loads within seconds; no restart, no shell rebuild.

const USAGE = `Usage: npm run remote -- <command>
  publish <remote> <url-or-dist> [--version V] [--canary PERCENT]
                                   check a build and make it live (or a canary for PERCENT% of browsers)
  use <remote> <version>           make a published version (or built-in) live
  rollback <remote>                return to the version live before the current one
  canary <remote> <version> <percent> | canary <remote> off
  status                           what each remote serves
  history [<remote>]               who switched what, when
Options: --by NAME (recorded in the history; default: your login name)`;

function percentOf(value: string | undefined): number {
  const percent = Number(value);
  if (!Number.isInteger(percent)) throw new ConfigError(`"${value}" is not a whole percentage`);
  return percent;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      canary: { type: 'string' },
      by: { type: 'string', default: userInfo().username },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, remoteName, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const service = RemotesService.forConfig(loadConfig());
  const by = values.by;
  const remote = () => {
    if (!remoteName) throw new ConfigError(`${command} needs a remote name\n${USAGE}`);
    return parseRemoteName(remoteName);
  };
  const argument = (index: number, what: string) => {
    const value = rest[index];
    if (value === undefined) throw new ConfigError(`${command} needs ${what}\n${USAGE}`);
    return value;
  };

  switch (command) {
    case 'publish': {
      const canaryPercent = values.canary === undefined ? undefined : percentOf(values.canary);
      const version = await service.publish(remote(), argument(0, 'a URL or a dist folder'), {
        by,
        version: values.version,
        canaryPercent,
      });
      console.log(
        canaryPercent === undefined
          ? `${remoteName} ${version} is live`
          : `${remoteName} ${version} is a canary for ${canaryPercent}% of browsers`,
      );
      return;
    }
    case 'use': {
      const version = argument(0, 'a version');
      await service.use(remote(), version, by);
      console.log(`${remoteName} ${version} is live`);
      return;
    }
    case 'rollback':
      console.log(`${remoteName} rolled back: ${await service.rollback(remote(), by)} is live`);
      return;
    case 'canary': {
      const version = argument(0, 'a version (or off)');
      if (version === 'off') {
        await service.stopCanary(remote(), by);
        console.log(`${remoteName}: canary stopped`);
      } else {
        const percent = percentOf(argument(1, 'a percentage'));
        await service.canary(remote(), version, percent, by);
        console.log(`${remoteName} ${version} is a canary for ${percent}% of browsers`);
      }
      return;
    }
    case 'status': {
      const { remotes } = await service.status();
      for (const [name, state] of Object.entries(remotes)) {
        const canary = state.canary ? `, canary ${state.canary.version} for ${state.canary.percent}%` : '';
        console.log(`${name}: ${state.live}${canary} (${state.releases.map((r) => r.version).join(', ')})`);
      }
      return;
    }
    case 'history':
      for (const entry of await service.history(remoteName ? parseRemoteName(remoteName) : undefined)) {
        const percent = entry.percent === undefined ? '' : ` (${entry.percent}%)`;
        console.log(
          `${entry.at}  ${entry.by}  ${entry.remote} ${entry.action} ${entry.version}${percent}, was ${entry.from}`,
        );
      }
      return;
    default:
      throw new ConfigError(`Unknown command "${command}"\n${USAGE}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof AppError ? error.message : error);
  process.exit(1);
});
