import { optionalQuery } from '../query-params.ts';
import { ok, type Handler } from '../request-context.ts';
import { requireScan } from './scans.ts';

/** The AI-security posture comes from the scenario's catalogue; a scan_id must name a scan of the org. */
export const getAiSecurityOverview: Handler = (context) => {
  const scanId = optionalQuery(context.query, 'scan_id');
  if (scanId !== undefined) requireScan(context, scanId);
  const checks = context.store.scenario.aiSecurity.map((check) => ({
    name: check.name,
    owasp_llm: check.owaspLlm,
    status: check.status,
  }));
  const failed = checks.filter((check) => check.status === 'failed').length;
  return ok({
    summary: { checks_failed: failed, checks_total: checks.length, checks_passed: checks.length - failed },
    checks,
    scan_id: scanId ?? null,
  });
};
