import {
  join,
  oneOf,
  optionalObject,
  optionalString,
  optionalStringList,
  stringField,
  type JsonObject,
} from './json-fields.ts';
import type { AiSecurityCheck, ComplianceFramework } from './records.ts';
import { list, unique } from './scenario-lists.ts';

/** The scenario's catalogues: the compliance frameworks with their controls, and the AI-security checks. */

export function parseCompliance(obj: JsonObject | undefined, at: string): ComplianceFramework[] {
  const frameworks = list(
    obj ?? {},
    'frameworks',
    (framework, frameworkAt): ComplianceFramework => ({
      id: stringField(framework, 'id', frameworkAt),
      name: stringField(framework, 'name', frameworkAt),
      controls: list(
        framework,
        'controls',
        (control, controlAt) => ({
          controlId: stringField(control, 'control_id', controlAt),
          title: stringField(control, 'title', controlAt),
          status:
            oneOf(control, 'status', controlAt, ['passed', 'failed', 'not_applicable'] as const) ?? 'passed',
          owaspPrefix: optionalString(control, 'owasp', controlAt),
          cwes: optionalStringList(control, 'cwe', controlAt) ?? [],
        }),
        frameworkAt,
      ),
    }),
    at,
  );
  unique(frameworks, join(at, 'frameworks'));
  return frameworks;
}

export function parseAiSecurity(root: JsonObject): AiSecurityCheck[] {
  return list(
    optionalObject(root, 'ai_security', '') ?? {},
    'checks',
    (obj, at): AiSecurityCheck => ({
      name: stringField(obj, 'name', at),
      owaspLlm: stringField(obj, 'owasp_llm', at),
      status:
        oneOf(obj, 'status', at, ['passed', 'failed', 'warning', 'not_applicable'] as const) ?? 'passed',
    }),
    'ai_security',
  );
}
