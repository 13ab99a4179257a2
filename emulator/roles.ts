import type { Role } from './records.ts';

/**
 * What each role may do (the spec names member and admin and leaves the rest open; the project README fixes
 * viewer, member and admin). A route names the permission it needs; `GET /me` needs none.
 */
const PERMISSIONS = [
  'repositories:read',
  'scans:read',
  'findings:read',
  'remediations:read',
  'ai_analysis:read',
  'compliance:read',
  'ai_security:read',
  'billing:read',
  'scans:write',
  'remediations:write',
  'ai_analysis:write',
  'api_keys:read',
  'api_keys:write',
  'audit_logs:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = PERMISSIONS.filter((permission) => permission.endsWith(':read')).filter(
  (permission) => permission !== 'api_keys:read' && permission !== 'audit_logs:read',
);
const MEMBER: readonly Permission[] = [...VIEWER, 'scans:write', 'remediations:write', 'ai_analysis:write'];

export function permissionsOf(role: Role): readonly Permission[] {
  switch (role) {
    case 'viewer':
      return VIEWER;
    case 'member':
      return MEMBER;
    case 'admin':
      return PERMISSIONS;
  }
}

export function can(role: Role, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}
