import { ok, type Handler } from '../request-context.ts';
import { creditsUsed } from '../scan-progress.ts';

/** Credits go down as the org's scans run: each module that has run to an end costs the repository's rate. */
export const getUsage: Handler = ({ principal, store, now }) => {
  const { org } = principal;
  const used = store
    .scans(org.id)
    .reduce((sum, scan) => sum + creditsUsed(scan, now), org.usedCreditsAtStart);
  return ok({
    organization_id: org.id,
    plan: org.plan,
    included_credits: org.credits,
    used_credits: used,
    remaining_credits: Math.max(0, org.credits - used),
  });
};
