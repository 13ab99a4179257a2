import { escapeMarkdownInline } from './escape.ts';

/**
 * Removes secrets from text that leaves the process without the runner's log masking: the job summary and
 * the outputs. The runner masks a secret only as the exact string, so the forms escaping gives it in markdown
 * (`svc\_sk\_…`) are removed too.
 */
export function scrubSecrets(text: string, secrets: Iterable<string>): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, escapeMarkdownInline(secret)]))
      scrubbed = scrubbed.replaceAll(form, '***');
  }
  return scrubbed;
}
