import { notFound } from '../errors.ts';
import { taxonomyOf, type FindingTaxonomy } from '../finding-index.ts';
import { optionalQuery } from '../query-params.ts';
import type { ComplianceControl, ComplianceFramework, ScanRecord } from '../records.ts';
import { ok, type Handler, type RequestContext } from '../request-context.ts';
import { scanStateAt } from '../scan-progress.ts';
import { requireScan } from './scans.ts';

/**
 * Compliance comes from the scenario's catalogue. Without scan_id every control shows its catalogued status.
 * With the scan_id of a completed scan, a control that maps to OWASP categories or CWEs fails when one of the
 * scan's findings matches and passes otherwise; a scan started with `frameworks` sees only those in the
 * overview. Scores are the share of passed controls among passed and failed ones, in percent.
 */

interface Evaluation {
  readonly scan: ScanRecord | undefined;
  readonly taxonomy: FindingTaxonomy | undefined;
}

export const getComplianceOverview: Handler = (context) => {
  const evaluation = evaluate(context);
  const chosen = evaluation.scan?.frameworks ?? [];
  const frameworks = context.store.scenario.compliance
    .filter((framework) => chosen.length === 0 || chosen.includes(framework.id))
    .map((framework) => {
      const controls = controlsOf(framework, evaluation.taxonomy);
      return {
        id: framework.id,
        name: framework.name,
        score: scoreOf(controls),
        controls_failed: controls.filter((control) => control.status === 'failed').length,
        controls_total: controls.length,
      };
    });
  const overall =
    frameworks.length === 0
      ? 100
      : Math.round(frameworks.reduce((sum, f) => sum + f.score, 0) / frameworks.length);
  return ok({ overall_score: overall, frameworks, scan_id: evaluation.scan?.id ?? null });
};

export const getComplianceFramework: Handler = (context) => {
  const id = context.params.id ?? '';
  const framework = context.store.scenario.compliance.find((candidate) => candidate.id === id);
  if (!framework) throw notFound('compliance framework', id);
  const evaluation = evaluate(context);
  const controls = controlsOf(framework, evaluation.taxonomy);
  return ok({
    id: framework.id,
    name: framework.name,
    score: scoreOf(controls),
    controls,
    scan_id: evaluation.scan?.id ?? null,
  });
};

function evaluate(context: RequestContext): Evaluation {
  const scanId = optionalQuery(context.query, 'scan_id');
  if (scanId === undefined) return { scan: undefined, taxonomy: undefined };
  const scan = requireScan(context, scanId);
  const completed = scanStateAt(scan, context.now).status === 'completed';
  return { scan, taxonomy: completed ? taxonomyOf(scan.findings) : undefined };
}

interface ControlWire {
  control_id: string;
  title: string;
  status: string;
}

function controlsOf(framework: ComplianceFramework, taxonomy: FindingTaxonomy | undefined): ControlWire[] {
  return framework.controls.map((control) => ({
    control_id: control.controlId,
    title: control.title,
    status: statusOf(control, taxonomy),
  }));
}

function statusOf(control: ComplianceControl, taxonomy: FindingTaxonomy | undefined): string {
  const { owaspPrefix, cwes } = control;
  if (!taxonomy || (owaspPrefix === undefined && cwes.length === 0)) return control.status;
  const hitsOwasp =
    owaspPrefix !== undefined && [...taxonomy.owasp].some((category) => category.startsWith(owaspPrefix));
  const hitsCwe = cwes.some((cwe) => taxonomy.cwes.has(cwe));
  return hitsOwasp || hitsCwe ? 'failed' : 'passed';
}

function scoreOf(controls: readonly ControlWire[]): number {
  const passed = controls.filter((control) => control.status === 'passed').length;
  const failed = controls.filter((control) => control.status === 'failed').length;
  return passed + failed === 0 ? 100 : Math.round((100 * passed) / (passed + failed));
}
