/**
 * The rules of src/'s layout, kept by dependency-cruiser (`npm run check-structure`, part of `npm test`).
 * test/unit/architecture.test.ts plants a violation of each rule and checks it is caught.
 */

/**
 * The rooms of src/ and the rooms each may import besides itself: every folder imports only downward. `.` is
 * the files at src/'s top (the bundles' entries). docs/architecture.md shows this table, and
 * test/unit/architecture.test.ts holds the two equal.
 */
export const ROOMS = {
  client: [],
  core: ['client'],
  github: ['client', 'core'],
  run: ['client', 'core'],
  fleet: ['run', 'client', 'core'],
  action: ['fleet', 'run', 'github', 'client', 'core'],
  cli: ['fleet', 'run', 'client', 'core'],
  '.': ['action', 'run'],
};

/** Where `@actions/*` and `@octokit/*` may be imported: the action's face and GitHub's client. */
export const GITHUB_PACKAGE_ROOMS = ['action', 'github'];

/**
 * Modules that reach outside the process: the file system, the network, child processes, the environment.
 * `node:crypto` and `node:zlib` compute and stay allowed.
 */
const IO_MODULES =
  '^(node:)?(fs|net|http|https|http2|child_process|dgram|dns|tls|cluster|worker_threads|readline|inspector|os|process|vm)(/|$)|(^|/)undici(/|$)';

const GITHUB_PACKAGES = '(^|/)@(actions|octokit)/';

/** A path regular expression for the files of a room. */
function filesOf(room) {
  return room === '.' ? '^src/[^/]+$' : `^src/${room}/`;
}

function roomRule([room, targets]) {
  return {
    name: `room-${room === '.' ? 'top' : room}`,
    comment: `src/${room === '.' ? '' : `${room}/`} may import only ${targets.length > 0 ? targets.join(', ') : 'itself'}.`,
    severity: 'error',
    from: { path: filesOf(room) },
    to: { path: '^src/', pathNot: [room, ...targets].map(filesOf) },
  };
}

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...Object.entries(ROOMS).map(roomRule),
    {
      name: 'github-packages-in-action-and-github-only',
      comment: `@actions/* and @octokit/* are imported only in ${GITHUB_PACKAGE_ROOMS.map((room) => `src/${room}/`).join(' and ')}.`,
      severity: 'error',
      from: { path: '^src/', pathNot: GITHUB_PACKAGE_ROOMS.map(filesOf) },
      to: { path: GITHUB_PACKAGES },
    },
    {
      name: 'core-does-no-io',
      comment:
        'The core is pure: it reaches no file system, network, process or environment, also through what it imports.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: IO_MODULES, reachable: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a rule cannot hold over an import it cannot see).',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
