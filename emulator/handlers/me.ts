import { ok, type Handler } from '../request-context.ts';
import { permissionsOf } from '../roles.ts';

export const getMe: Handler = ({ principal, store }) => {
  const { key, org, user } = principal;
  const orgIds = user.orgIds.includes(org.id) ? user.orgIds : [org.id, ...user.orgIds];
  const organizations = orgIds.flatMap((id) => {
    const member = store.org(id);
    return member ? [{ id: member.id, name: member.name, plan: member.plan }] : [];
  });
  return ok({
    user_id: user.id,
    email: user.email,
    active_org_id: org.id,
    role: key.role,
    permissions: permissionsOf(key.role),
    organizations,
    api_key_id: key.id,
  });
};
