import { secretForms } from '../client/redact.ts';
import { escapeHtml, escapeMarkdownInline } from './escape.ts';

/** What a secret becomes in text that leaves the process. */
const SCRUBBED = '***';
/** Shorter values are not secrets worth hunting for: they would match ordinary words. */
const MIN_SECRET_LENGTH = 4;

/**
 * Removes secrets from every text the action writes (log lines, annotations, the summary, outputs, state,
 * failure messages), without relying on the runner's masking: other runners, `act` and log exports do not
 * mask. Each secret is looked for in every form of `secretForms` (raw, JSON-escaped, percent-encoded in either
 * case, base64 of it and of `Bearer <it>`) and in the forms the action's own escaping gives it in markdown and
 * HTML. The forms are computed once per secret, when it is added.
 */
export class SecretScrubber {
  #forms: string[] = [];
  readonly #secrets = new Set<string>();

  add(secret: string): void {
    if (secret.length < MIN_SECRET_LENGTH || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    const forms = new Set([...this.#forms, ...secretForms(secret)]);
    for (const form of [escapeMarkdownInline(secret), escapeHtml(secret)]) forms.add(form);
    // Longest first, so a form that contains another is replaced whole.
    this.#forms = [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
  }

  has(secret: string): boolean {
    return this.#secrets.has(secret);
  }

  scrub(text: string): string {
    let scrubbed = text;
    for (const form of this.#forms)
      if (scrubbed.includes(form)) scrubbed = scrubbed.replaceAll(form, SCRUBBED);
    return scrubbed;
  }
}

/** One-off form of SecretScrubber. */
export function scrubSecrets(text: string, secrets: Iterable<string>): string {
  const scrubber = new SecretScrubber();
  for (const secret of secrets) scrubber.add(secret);
  return scrubber.scrub(text);
}
