// What a remote needs from the page it is mounted in, read from two mf-manifest.json files: the
// remote's (each shared module with the range it was built to accept, and the federation plugin
// version it was built with) and the shell's (the versions it provides, and its runtime version).
// The shell checks this before mounting a remote; `npm run remote -- publish` before it goes live.

/** The parts of an mf-manifest.json this check reads. */
export interface FederationManifest {
  name: string;
  metaData: { pluginVersion?: string };
  shared?: { name: string; version: string; requiredVersion?: string | false }[];
}

type Version = [major: number, minor: number, patch: number];

function parseVersion(text: string): Version | undefined {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : undefined;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether `version` is in `range`, for the ranges the builds write: `^1.2.3` (same major, at least
 * that; `^0.2.3` keeps the minor too), `~1.2.3`, `>=1.2.3`, an exact `1.2.3`, `*`, and `a || b`.
 */
export function satisfies(version: string, range: string): boolean {
  const have = parseVersion(version);
  if (!have) return false;
  return range.split('||').some((alternative) => {
    const text = alternative.trim();
    if (text === '*' || text === '') return true;
    const operator = /^(\^|~|>=)?\s*/.exec(text)?.[1] ?? '';
    const want = parseVersion(text.slice(operator.length).trim());
    if (!want || compare(have, want) < 0) return false;
    if (operator === '>=') return true;
    if (operator === '^') return want[0] === 0 ? have[0] === 0 && have[1] === want[1] : have[0] === want[0];
    if (operator === '~') return have[0] === want[0] && have[1] === want[1];
    return compare(have, want) === 0;
  });
}

/**
 * Why `remote` cannot run in the page `host` makes, one sentence each; empty when it can. A module
 * the host does not share is bundled by the remote itself and needs nothing from the page.
 */
export function remoteIncompatibilities(remote: FederationManifest, host: FederationManifest): string[] {
  const problems: string[] = [];
  const provided = new Map((host.shared ?? []).map((module) => [module.name, module.version]));
  for (const module of remote.shared ?? []) {
    const version = provided.get(module.name);
    if (!module.requiredVersion || version === undefined) continue;
    if (!satisfies(version, module.requiredVersion)) {
      problems.push(`needs ${module.name} ${module.requiredVersion}, the site provides ${version}`);
    }
  }
  // The shell lends its federation runtime to the remotes: it must be as new as the one a remote was
  // built with, within the same major version.
  const built = remote.metaData.pluginVersion;
  const runtime = host.metaData.pluginVersion;
  if (built && runtime && !satisfies(runtime, `^${built}`)) {
    problems.push(`was built for the federation runtime ^${built}, the site runs ${runtime}`);
  }
  return problems;
}
