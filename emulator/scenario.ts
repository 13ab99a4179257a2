import {
  FieldError,
  join,
  objectAt,
  oneOf,
  optionalBoolean,
  optionalNumber,
  optionalObject,
  optionalString,
  optionalStringList,
  stringField,
  type JsonObject,
} from './json-fields.ts';
import {
  ROLES,
  type AiSecurityCheck,
  type ComplianceFramework,
  type OrgRecord,
  type ProjectRecord,
  type Role,
  type ScanProfile,
  type UserRecord,
} from './records.ts';
import { parseAiSecurity, parseCompliance } from './scenario-catalogues.ts';
import { list, reference, unique } from './scenario-lists.ts';
import { parseScanProfile } from './scenario-profile.ts';

/**
 * A scenario is the emulator's whole starting state: organizations, users, API keys with known secrets,
 * projects, repositories with what each scan of them yields, scans that already exist, and the compliance
 * and AI-security catalogues. Scenario files are snake_case JSON (see emulator/README.md); this module turns
 * one into checked, normalized values and reports the path of anything wrong.
 */

interface ScenarioKey {
  readonly id: string;
  readonly orgId: string;
  readonly userId: string;
  readonly name: string;
  readonly role: Role;
  readonly secret: string;
  readonly active: boolean;
  readonly createdAt: string;
}

export interface ScenarioRepository {
  readonly id: string;
  readonly orgId: string;
  readonly projectId: string | null;
  readonly fullName: string;
  readonly defaultBranch: string;
  readonly profile: ScanProfile;
}

export interface ScenarioScan {
  readonly id: string;
  readonly repositoryId: string;
  readonly ref: string;
  readonly ageSeconds: number;
  /** The modules it ran; undefined: the repository's. */
  readonly modules: readonly string[] | undefined;
  /** The compliance frameworks it was asked for (none by default). */
  readonly frameworks: readonly string[];
}

export interface Scenario {
  readonly name: string;
  readonly description: string;
  readonly readyKeyId: string;
  readonly orgs: readonly OrgRecord[];
  readonly users: readonly UserRecord[];
  readonly keys: readonly ScenarioKey[];
  readonly projects: readonly ProjectRecord[];
  readonly repositories: readonly ScenarioRepository[];
  readonly scans: readonly ScenarioScan[];
  readonly compliance: readonly ComplianceFramework[];
  readonly aiSecurity: readonly AiSecurityCheck[];
}

export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

export const KEY_PREFIX = 'svc_sk_';
const DEFAULT_CREATED_AT = '2025-01-06T09:00:00.000Z';

export function parseScenario(value: unknown, source: string): Scenario {
  try {
    return parse(objectAt(value, ''));
  } catch (error) {
    if (error instanceof FieldError) throw new ScenarioError(`Scenario ${source}: ${error.message}`);
    throw error;
  }
}

function parse(root: JsonObject): Scenario {
  const orgs = parseOrganizations(root);
  const orgIds = unique(orgs, 'organizations');
  const users = parseUsers(root, orgIds);
  const userIds = unique(users, 'users');
  const keys = parseKeys(root, orgIds, userIds);
  const projects = parseProjects(root, orgIds);
  const repositories = parseRepositories(root, orgIds, projects);
  const compliance = parseCompliance(optionalObject(root, 'compliance', ''), 'compliance');
  const scans = parseScans(root, repositories, compliance);
  const readyKey = readyKeyOf(root, keys);
  return {
    name: optionalString(root, 'name', '') ?? 'unnamed',
    description: optionalString(root, 'description', '') ?? '',
    readyKeyId: readyKey.id,
    orgs,
    users,
    keys,
    projects,
    repositories,
    scans,
    compliance,
    aiSecurity: parseAiSecurity(root),
  };
}

function parseOrganizations(root: JsonObject): OrgRecord[] {
  const orgs = list(root, 'organizations', (obj, at): OrgRecord => ({
    id: stringField(obj, 'id', at),
    name: stringField(obj, 'name', at),
    plan: optionalString(obj, 'plan', at) ?? 'team',
    credits: optionalNumber(obj, 'credits', at, { min: 0 }) ?? 10_000,
    usedCreditsAtStart: optionalNumber(obj, 'used_credits', at, { min: 0 }) ?? 0,
  }));
  if (orgs.length === 0) throw new FieldError('organizations', 'a non-empty list');
  return orgs;
}

function parseUsers(root: JsonObject, orgIds: ReadonlySet<string>): UserRecord[] {
  return list(root, 'users', (obj, at): UserRecord => {
    const memberOf = optionalStringList(obj, 'organization_ids', at) ?? [];
    memberOf.forEach((id, index) => {
      reference(orgIds, id, join(join(at, 'organization_ids'), index), 'organization');
    });
    return { id: stringField(obj, 'id', at), email: stringField(obj, 'email', at), orgIds: memberOf };
  });
}

function parseKeys(
  root: JsonObject,
  orgIds: ReadonlySet<string>,
  userIds: ReadonlySet<string>,
): ScenarioKey[] {
  const keys = list(root, 'api_keys', (obj, at): ScenarioKey => {
    const secret = keySecret(obj, at);
    const orgId = stringField(obj, 'organization_id', at);
    const userId = stringField(obj, 'user_id', at);
    reference(orgIds, orgId, join(at, 'organization_id'), 'organization');
    reference(userIds, userId, join(at, 'user_id'), 'user');
    return {
      id: stringField(obj, 'id', at),
      orgId,
      userId,
      name: stringField(obj, 'name', at),
      role: oneOf(obj, 'role', at, ROLES) ?? 'member',
      secret,
      active: optionalBoolean(obj, 'active', at) ?? true,
      createdAt: optionalString(obj, 'created_at', at) ?? DEFAULT_CREATED_AT,
    };
  });
  unique(keys, 'api_keys');
  const secrets = new Set<string>();
  keys.forEach((key, index) => {
    if (secrets.has(key.secret)) throw new FieldError(`api_keys[${index}].secret`, 'unique');
    secrets.add(key.secret);
  });
  return keys;
}

function keySecret(obj: JsonObject, at: string): string {
  const secret = stringField(obj, 'secret', at);
  if (!secret.startsWith(KEY_PREFIX) || secret.length < KEY_PREFIX.length + 12) {
    throw new FieldError(
      join(at, 'secret'),
      `a string starting with ${KEY_PREFIX} and at least 19 characters`,
    );
  }
  return secret;
}

function parseProjects(root: JsonObject, orgIds: ReadonlySet<string>): ProjectRecord[] {
  const projects = list(root, 'projects', (obj, at): ProjectRecord => {
    const orgId = stringField(obj, 'organization_id', at);
    reference(orgIds, orgId, join(at, 'organization_id'), 'organization');
    return { id: stringField(obj, 'id', at), orgId, name: stringField(obj, 'name', at) };
  });
  unique(projects, 'projects');
  return projects;
}

function parseRepositories(
  root: JsonObject,
  orgIds: ReadonlySet<string>,
  projects: readonly ProjectRecord[],
): ScenarioRepository[] {
  const repositories = list(root, 'repositories', (obj, at): ScenarioRepository => {
    const orgId = stringField(obj, 'organization_id', at);
    reference(orgIds, orgId, join(at, 'organization_id'), 'organization');
    const projectId = optionalString(obj, 'project_id', at) ?? null;
    if (projectId !== null) {
      const project = projects.find((candidate) => candidate.id === projectId);
      if (project?.orgId !== orgId) {
        throw new FieldError(join(at, 'project_id'), 'the id of a project of the same organization');
      }
    }
    const fullName = stringField(obj, 'full_name', at);
    if (!/^[^/\s]+\/[^/\s]+$/.test(fullName))
      throw new FieldError(join(at, 'full_name'), 'of the form owner/name');
    return {
      id: stringField(obj, 'id', at),
      orgId,
      projectId,
      fullName,
      defaultBranch: optionalString(obj, 'default_branch', at) ?? 'main',
      profile: parseScanProfile(optionalObject(obj, 'scan', at), join(at, 'scan')),
    };
  });
  unique(repositories, 'repositories');
  return repositories;
}

function parseScans(
  root: JsonObject,
  repositories: readonly ScenarioRepository[],
  compliance: readonly ComplianceFramework[],
): ScenarioScan[] {
  const repositoryIds = new Set(repositories.map((repository) => repository.id));
  const scans = list(root, 'scans', (obj, at): ScenarioScan => {
    const repositoryId = stringField(obj, 'repository_id', at);
    reference(repositoryIds, repositoryId, join(at, 'repository_id'), 'repository');
    const modules = optionalStringList(obj, 'modules', at);
    const repositoryModules = repositories.find((repository) => repository.id === repositoryId)?.profile
      .modules;
    modules?.forEach((name, index) => {
      if (!repositoryModules?.includes(name))
        throw new FieldError(join(join(at, 'modules'), index), 'one of the repository scan modules');
    });
    const frameworks = optionalStringList(obj, 'frameworks', at) ?? [];
    frameworks.forEach((id, index) => {
      if (!compliance.some((framework) => framework.id === id))
        throw new FieldError(join(join(at, 'frameworks'), index), 'one of the compliance frameworks');
    });
    return {
      id: stringField(obj, 'id', at),
      repositoryId,
      ref: optionalString(obj, 'ref', at) ?? 'HEAD',
      ageSeconds: optionalNumber(obj, 'age_seconds', at, { min: 0 }) ?? 3600,
      modules: modules && modules.length > 0 ? [...new Set(modules)] : undefined,
      frameworks: [...new Set(frameworks)],
    };
  });
  unique(scans, 'scans');
  return scans;
}

function readyKeyOf(root: JsonObject, keys: readonly ScenarioKey[]): ScenarioKey {
  const readyKeyId = optionalString(root, 'ready_key', '') ?? keys.find((key) => key.active)?.id;
  const readyKey = keys.find((key) => key.id === readyKeyId);
  if (!readyKey?.active) throw new FieldError('ready_key', 'the id of an active API key');
  return readyKey;
}
