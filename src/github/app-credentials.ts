import { createPrivateKey } from 'node:crypto';

/**
 * GitHub credentials that cannot work: a private key that does not parse, an App id that is no id, or
 * credentials GitHub refuses (401). Found before any scan starts; each face turns it into its exit for a refused
 * key (svc: 3). The message never holds the key or a token.
 */
export class GitHubCredentialsError extends Error {
  override name = 'GitHubCredentialsError';
}

/** A GitHub App as the user gives it: its id (or client id) and its private key's PEM text. */
export interface GitHubAppCredentials {
  readonly appId: string;
  readonly privateKey: string;
}

/** An App's numeric id, or its client id (`Iv1.…`, `Iv23…`): both are accepted as a JWT's issuer. */
const APP_ID = /^(\d{1,12}|Iv[0-9A-Za-z.]{4,60})$/;

export function checkAppId(appId: string): string {
  const id = appId.trim();
  if (!APP_ID.test(id)) {
    throw new GitHubCredentialsError(
      "The GitHub App id is not an App's id: expected the number (or the client id, Iv…) on the App's settings page.",
    );
  }
  return id;
}

/** Keys kept in an environment variable often have their line breaks written as `\n`. */
function withLineBreaks(pem: string): string {
  return pem.includes('\n') ? pem : pem.replaceAll('\\n', '\n');
}

/**
 * The App's private key, checked and given as PKCS#8 PEM (what the JWT is signed with): GitHub's download is
 * PKCS#1 (`BEGIN RSA PRIVATE KEY`), a converted one PKCS#8 (`BEGIN PRIVATE KEY`); both are read by node:crypto.
 * Anything else (an encrypted key, a public key, a truncated file, a key that is not RSA, which RS256 needs) is a
 * GitHubCredentialsError naming none of the key's text, before anything is sent.
 */
export function appPrivateKeyPkcs8(pem: string): string {
  let key;
  try {
    key = createPrivateKey({ key: withLineBreaks(pem.trim()), format: 'pem' });
  } catch {
    throw new GitHubCredentialsError(
      "The GitHub App's private key does not parse: expected the PEM file GitHub generated for the App, " +
        'beginning with -----BEGIN RSA PRIVATE KEY----- (PKCS#1) or -----BEGIN PRIVATE KEY----- (PKCS#8), unencrypted and whole.',
    );
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new GitHubCredentialsError(
      `The GitHub App's private key is a ${key.asymmetricKeyType ?? 'non-RSA'} key; GitHub Apps sign with RSA keys (RS256).`,
    );
  }
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The shortest line of a key masked on its own. */
const MIN_MASKED_LINE = 8;

/**
 * What a face masks of a private key, line by line (a runner masks a multi-line secret only where it appears
 * whole): the key's text and each of its lines but the `-----BEGIN …-----` and `-----END …-----` markers, which
 * every key shares, and any line shorter than MIN_MASKED_LINE (a base64 tail of a few characters would mask those
 * characters wherever they appear in the output; the whole key and its other lines are masked already). Both the
 * PEM as given and its PKCS#8 form are covered.
 */
export function privateKeyMaskParts(pem: string): string[] {
  const texts = [withLineBreaks(pem.trim())];
  try {
    texts.push(appPrivateKeyPkcs8(pem).trim());
  } catch {
    // A key that does not parse is refused before use; its lines as given are still masked.
  }
  const parts = new Set<string>();
  for (const text of texts) {
    parts.add(text);
    for (const line of text.split(/\r?\n/).map((part) => part.trim()))
      if (line.length >= MIN_MASKED_LINE && !line.startsWith('-----')) parts.add(line);
  }
  return [...parts];
}
