import { addAiAnalysisCommand } from './ai-analysis.ts';
import { addAuditLogsCommand } from './audit-logs.ts';
import type { SvcCommand } from './command.ts';
import { addCompletionCommand } from './completion.ts';
import { addAiSecurityCommand, addComplianceCommand } from './compliance.ts';
import { addConfigCommand } from './config.ts';
import { addFindingsCommand } from './findings.ts';
import { addFleetCommand } from './fleet.ts';
import { addKeysCommand } from './keys.ts';
import { addLoginCommand } from './login.ts';
import { addLogoutCommand } from './logout.ts';
import { addRemediateCommand, addRemediationsCommand } from './remediations.ts';
import { addReposCommand } from './repos.ts';
import { addScanCommand } from './scan.ts';
import { addScansCommand } from './scans.ts';
import { addUsageCommand } from './usage.ts';
import { addWhoamiCommand } from './whoami.ts';

/**
 * Every top-level command of svc, in the order `svc --help` lists them. A new command is its file (the body and
 * its `add…Command`) and one line here; completion is last, since it is generated from all the others.
 */
export const COMMANDS: readonly SvcCommand[] = [
  addLoginCommand,
  addLogoutCommand,
  addConfigCommand,
  addWhoamiCommand,
  addKeysCommand,
  addReposCommand,
  addScanCommand,
  addScansCommand,
  addFleetCommand,
  addFindingsCommand,
  addRemediateCommand,
  addRemediationsCommand,
  addAiAnalysisCommand,
  addComplianceCommand,
  addAiSecurityCommand,
  addUsageCommand,
  addAuditLogsCommand,
  addCompletionCommand,
];
