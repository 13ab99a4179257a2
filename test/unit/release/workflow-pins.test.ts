import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const workflowDir = `${root}.github/workflows`;
const workflowFiles = readdirSync(workflowDir).filter((name) => /\.ya?ml$/.test(name));
const readWorkflow = (name: string): string => readFileSync(`${workflowDir}/${name}`, 'utf8');

interface Job {
  permissions?: unknown;
  uses?: string;
  steps?: { uses?: string }[];
}
interface Workflow {
  permissions?: unknown;
  jobs: Record<string, Job>;
}

/** Every `uses:` of a workflow: steps' actions and jobs' reusable workflows. */
function usesOf(text: string): string[] {
  const workflow = parseYaml(text) as Workflow;
  return Object.values(workflow.jobs).flatMap((job) => [
    ...(job.uses === undefined ? [] : [job.uses]),
    ...(job.steps ?? []).flatMap((step) => (step.uses === undefined ? [] : [step.uses])),
  ]);
}

/**
 * What is wrong with the `uses:` of a workflow, one message each. A reference outside the repository must name a
 * full 40-hex commit SHA (tags and branches can be moved under us) with its release in a comment, `# v1.2.3`, so
 * a reader and Dependabot know which release it is. Local actions (`./`) run the workflow's own commit.
 */
function unpinnedUses(text: string): string[] {
  const lines = text
    .split('\n')
    .map((line) => /^\s*(?:-\s+)?uses:\s*(['"]?)([^'"\s#]+)\1\s*(#.*)?$/.exec(line))
    .filter((match) => match !== null);
  const problems: string[] = [];
  const parsed = usesOf(text);
  if (lines.length !== parsed.length) {
    problems.push(
      `${parsed.length} uses, ${lines.length} of them on a line of their own: write one 'uses:' a line`,
    );
  }
  for (const [, , reference = '', comment = ''] of lines) {
    if (reference.startsWith('./')) continue;
    if (!/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(reference)) {
      problems.push(`${reference} is not pinned by a full commit SHA`);
    } else if (!/^#\s*v\d+(\.\d+){0,2}\b/.test(comment)) {
      problems.push(`${reference} has no version comment (# vX.Y.Z)`);
    }
  }
  return problems;
}

describe('the uses: of the project workflows', () => {
  it('finds the workflows', () => {
    expect(workflowFiles).toEqual(expect.arrayContaining(['ci.yml', 'self-test.yml', 'release.yml']));
  });

  it.each(workflowFiles)('%s pins every action by commit SHA with its version in a comment', (name) => {
    const text = readWorkflow(name);
    expect(usesOf(text).length).toBeGreaterThan(0);
    expect(unpinnedUses(text)).toEqual([]);
  });

  it('the check refuses tags, branches, short SHAs, missing comments and lines it cannot read', () => {
    const sha = '08c6903cd8c0fde910a37f88322edcfb5dd907a8';
    const workflow = (steps: string): string =>
      `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;
    expect(
      unpinnedUses(workflow(`      - uses: actions/checkout@${sha} # v5.0.0\n      - uses: ./\n`)),
    ).toEqual([]);
    expect(unpinnedUses(workflow(`      - uses: 'actions/checkout@${sha}' # v5\n`))).toEqual([]);
    expect(unpinnedUses(workflow('      - uses: actions/checkout@v5\n'))).toEqual([
      'actions/checkout@v5 is not pinned by a full commit SHA',
    ]);
    expect(unpinnedUses(workflow('      - uses: actions/checkout@main # v5.0.0\n'))).toHaveLength(1);
    expect(
      unpinnedUses(workflow(`      - uses: actions/checkout@${sha.slice(0, 12)} # v5.0.0\n`)),
    ).toHaveLength(1);
    expect(unpinnedUses(workflow(`      - uses: actions/checkout@${sha}\n`))).toEqual([
      `actions/checkout@${sha} has no version comment (# vX.Y.Z)`,
    ]);
    expect(unpinnedUses(workflow(`      - uses: actions/checkout@${sha} # latest\n`))).toHaveLength(1);
    expect(unpinnedUses(workflow('      - { uses: actions/checkout@v5 }\n'))).toHaveLength(1);
  });
});

describe('the permissions of the project workflows', () => {
  /** The jobs whose token may write anything, as `file/job`; a job without permissions gets the workflow's. */
  const writers = workflowFiles.flatMap((name) => {
    const workflow = parseYaml(readWorkflow(name)) as Workflow;
    return Object.entries(workflow.jobs)
      .filter(([, job]) => {
        const permissions = job.permissions ?? workflow.permissions;
        // No permissions at all means the repository's default token, which may write: count it as writing.
        if (permissions === undefined) return true;
        return typeof permissions === 'string'
          ? permissions !== 'read-all'
          : JSON.stringify(permissions).includes('write');
      })
      .map(([id]) => `${name}/${id}`);
  });

  it('every workflow reads by default', () => {
    for (const name of workflowFiles) {
      const workflow = parseYaml(readWorkflow(name)) as Workflow;
      expect(workflow.permissions, name).toEqual({ contents: 'read' });
    }
  });

  it('only the release jobs may write, and the npm and Python package publish jobs may ask for an id-token', () => {
    expect(writers).toEqual([
      'python-release.yml/publish',
      'release.yml/release',
      'release.yml/npm',
      'release.yml/image',
    ]);
    const release = parseYaml(readWorkflow('release.yml')) as Workflow;
    expect(release.jobs.release?.permissions).toEqual({
      contents: 'write',
      'id-token': 'write',
      attestations: 'write',
    });
    // PyPI's trusted publishing: the id-token alone, to trade for a short-lived upload token; nothing written here.
    const python = parseYaml(readWorkflow('python-release.yml')) as Workflow;
    expect(python.jobs.publish?.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    // npm's trusted publishing likewise; the image job alone writes packages (GitHub's container registry).
    expect(release.jobs.npm?.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    expect(release.jobs.image?.permissions).toEqual({
      contents: 'read',
      packages: 'write',
      'id-token': 'write',
      attestations: 'write',
    });
  });

  it('nothing is published untested: every publishing job needs the job that runs the tests', () => {
    const release = parseYaml(readWorkflow('release.yml')) as Workflow;
    const needs = (job: Job | undefined): unknown => (job as { needs?: unknown } | undefined)?.needs;
    expect(needs(release.jobs.release)).toBe('check');
    expect(needs(release.jobs.npm)).toBe('release');
    expect(needs(release.jobs.image)).toBe('release');
    expect(release.jobs.check?.steps?.map((step) => (step as { run?: string }).run)).toContain('npm test');
    const python = parseYaml(readWorkflow('python-release.yml')) as Workflow;
    expect(needs(python.jobs.publish)).toEqual(['build', 'tests']);
    expect(python.jobs.tests?.uses).toBe('./.github/workflows/ci.yml');
    const ci = parseYaml(readWorkflow('ci.yml')) as { on: Record<string, unknown> };
    expect(ci.on).toHaveProperty('workflow_call');
    expect(readFileSync(`${root}.ci/run`, 'utf8')).toContain('npm test');
  });
});
