import { readdirSync } from 'node:fs';
import { URL } from 'node:url';

/**
 * The rules of the layout, kept by dependency-cruiser (`npm run check-structure`, part of `npm test`) over src/ and
 * the two emulators. test/unit/architecture.test.ts plants a violation of each rule and checks it is caught, and
 * `npm run architecture` draws docs/architecture.md's picture from what the code imports.
 */

/**
 * The rooms of src/, in layers from the ground up: a room imports only rooms of lower layers, never one beside it,
 * so every import runs downward and no two rooms can import each other. A room is a folder of src/; the sinks'
 * folders under src/report/ are rooms of their own, above src/report/ (what every reporter shares). `.` is the
 * files at src/'s top (the bundles' entries). docs/architecture.md shows this table (generated).
 */
const SINK_FOLDERS = readdirSync(new URL('./src/report/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'annotations')
  .map((entry) => `report/${entry.name}`)
  .sort();

export const LAYERS = [
  ['client'],
  ['domain'],
  ['text'],
  ['sarif', 'policy', 'new-findings', 'github'],
  ['run'],
  ['report'],
  // The annotations first: the check run carries them, and the views read what they showed.
  ['report/annotations'],
  // Every other sink's folder under src/report/, found on disk: a new sink is its folder and its registry line.
  [...SINK_FOLDERS, 'code-scanning', 'fix-suggestions'],
  ['fleet'],
  ['action', 'cli'],
  ['.'],
];

/** Rooms a room of a higher layer still may not import, and why. */
const KEPT_APART = [
  { room: 'run', apart: ['github'], name: 'run-is-face-neutral', why: 'the run is the same for every face' },
  {
    room: 'fleet',
    apart: ['github'],
    name: 'fleet-is-face-neutral',
    why: 'the fleet is the same for every face',
  },
  {
    room: '.',
    apart: ['cli'],
    name: 'action-entries-load-no-cli',
    why: "the action's entries never load svc",
  },
];

/** Where `@actions/*` and `@octokit/*` may be imported: the action's face and GitHub's client. */
export const GITHUB_PACKAGE_ROOMS = ['action', 'github'];

/**
 * Modules that reach outside the process: the file system, the network, child processes, the environment.
 * `node:crypto` and `node:zlib` compute and stay allowed.
 */
const IO_MODULES =
  '^(node:)?(fs|net|http|https|http2|child_process|dgram|dns|tls|cluster|worker_threads|readline|inspector|os|process|vm)(/|$)|(^|/)undici(/|$)';

const GITHUB_PACKAGES = '(^|/)@(actions|octokit)/';

/**
 * What does no I/O, by file: the domain, the text, the SARIF format, the policy file's rules, the matching of new
 * findings, and every renderer: the sections two views share (`src/report/*-summary.ts`) and a feature folder's
 * files, except its reporters (`*-reporter.ts`) and the few that call GitHub or write files, named here.
 */
const PURE_FILES = {
  path: [
    '^src/(domain|text|sarif|policy|new-findings)/',
    '^src/(report/[^/]+|code-scanning|fix-suggestions)/[^/]+$',
    '^src/report/[^/]+-summary\\.ts$',
  ],
  pathNot: [
    // A feature's reporter delivers; its manifest declares it and imports the reporter lazily.
    '-(reporter|manifest)\\.ts$',
    '^src/code-scanning/(code-scanning-triage|code-scanning-alerts|sarif-upload|sarif-run)\\.ts$',
    '^src/fix-suggestions/review-threads\\.ts$',
  ],
};

/** The service client's vocabulary, which pure files may speak: types and names, no transport. */
const CLIENT_VOCABULARY = '^src/client/(types|severity|job-status|redact)\\.ts$';

const ROOMS = LAYERS.flat();

/** A path regular expression for the files of a room (a sink's folder is not part of src/report/'s room). */
function filesOf(room) {
  if (room === '.') return '^src/[^/]+$';
  if (room === 'report') return '^src/report/[^/]+$';
  return `^src/${room}/`;
}

/** The rooms a room may import: those of lower layers, less those it is kept apart from. */
function allowedImports(room) {
  const layer = LAYERS.findIndex((rooms) => rooms.includes(room));
  const apart = KEPT_APART.filter((kept) => kept.room === room).flatMap((kept) => kept.apart);
  return LAYERS.slice(0, layer)
    .flat()
    .filter((lower) => !apart.includes(lower));
}

function roomRule(room) {
  const allowed = allowedImports(room);
  return {
    name: `room-${room === '.' ? 'top' : room.replace('/', '-')}`,
    comment: `src/${room === '.' ? '' : `${room}/`} imports only itself and the rooms below it: ${allowed.join(', ') || 'none'}.`,
    severity: 'error',
    from: { path: filesOf(room) },
    to: { path: '^src/', pathNot: [room, ...allowed].map(filesOf) },
  };
}

const EMULATOR_RULES = [
  {
    name: 'emulators-stand-apart',
    comment:
      'The emulators stand for the service and for GitHub: written apart from the code they test, they import neither src/ nor each other, only emulator-kit/.',
    severity: 'error',
    from: { path: '^(emulator|github-emulator)/' },
    to: { path: '^(src|emulator|github-emulator)/', pathNot: ['^$1/'] },
  },
  {
    name: 'emulator-kit-imports-no-emulator',
    comment: 'emulator-kit/ is what both emulators share: it imports neither of them nor src/.',
    severity: 'error',
    from: { path: '^emulator-kit/' },
    to: { path: '^(src|emulator|github-emulator)/' },
  },
  {
    name: 'src-imports-no-emulator',
    comment: 'The action and svc never carry an emulator.',
    severity: 'error',
    from: { path: '^src/' },
    to: { path: '^(emulator|github-emulator|emulator-kit)/' },
  },
];

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        "No import cycles, type-only imports included; a feature's manifest importing its reporter lazily (import()) is no cycle: the reporter is loaded after the manifest.",
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'no-unknown-room',
      comment: `Every folder of src/ is a room of LAYERS in .dependency-cruiser.js (${ROOMS.length} rooms): add a new one there, at its layer.`,
      severity: 'error',
      from: { path: '^src/', pathNot: ROOMS.map(filesOf) },
      to: {},
    },
    ...ROOMS.map(roomRule),
    ...KEPT_APART.map(({ room, apart, name, why }) => ({
      name,
      comment: `${filesOf(room)} imports none of ${apart.map(filesOf).join(', ')}: ${why}.`,
      severity: 'error',
      from: { path: filesOf(room) },
      to: { path: apart.map(filesOf) },
    })),
    {
      name: 'github-packages-in-action-and-github-only',
      comment: `@actions/* and @octokit/* are imported only in ${GITHUB_PACKAGE_ROOMS.map((room) => `src/${room}/`).join(' and ')}.`,
      severity: 'error',
      from: { path: '^src/', pathNot: GITHUB_PACKAGE_ROOMS.map(filesOf) },
      to: { path: GITHUB_PACKAGES },
    },
    {
      name: 'pure-files-do-no-io',
      comment:
        'The domain, the text, the formats and every renderer are pure: they reach no file system, network, process or environment, also through what they import.',
      severity: 'error',
      from: PURE_FILES,
      to: { path: IO_MODULES, reachable: true },
    },
    {
      name: 'pure-files-call-no-client',
      comment:
        "Pure files speak the service client's vocabulary (types, severities, job statuses, redaction), never its transport, nor GitHub's client or the runner.",
      severity: 'error',
      from: PURE_FILES,
      to: { path: ['^src/client/', '^src/github/', GITHUB_PACKAGES], pathNot: CLIENT_VOCABULARY },
    },
    ...EMULATOR_RULES,
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a rule cannot hold over an import it cannot see).',
      severity: 'error',
      from: { path: '^(src|emulator|github-emulator|emulator-kit)/' },
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
    reporterOptions: {
      text: { highlightFocused: true },
      // The folder graph `npm run architecture` draws: a room is a folder, a sink's folder its own.
      archi: {
        collapsePattern: '^src/(report/[^/]+/|[^/]+/)|^src/[^/]+$|^(emulator|github-emulator|emulator-kit)/',
      },
    },
  },
};
