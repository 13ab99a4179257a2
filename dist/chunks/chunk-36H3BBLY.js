import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/github/app-credentials.ts
import { createPrivateKey } from "node:crypto";
var GitHubCredentialsError = class extends Error {
  name = "GitHubCredentialsError";
};
var APP_ID = /^(\d{1,12}|Iv[0-9A-Za-z.]{4,60})$/;
function checkAppId(appId) {
  const id = appId.trim();
  if (!APP_ID.test(id)) {
    throw new GitHubCredentialsError(
      "The GitHub App id is not an App's id: expected the number (or the client id, Iv\u2026) on the App's settings page."
    );
  }
  return id;
}
function withLineBreaks(pem) {
  return pem.includes("\n") ? pem : pem.replaceAll("\\n", "\n");
}
function appPrivateKeyPkcs8(pem) {
  let key;
  try {
    key = createPrivateKey({ key: withLineBreaks(pem.trim()), format: "pem" });
  } catch {
    throw new GitHubCredentialsError(
      "The GitHub App's private key does not parse: expected the PEM file GitHub generated for the App, beginning with -----BEGIN RSA PRIVATE KEY----- (PKCS#1) or -----BEGIN PRIVATE KEY----- (PKCS#8), unencrypted and whole."
    );
  }
  if (key.asymmetricKeyType !== "rsa") {
    throw new GitHubCredentialsError(
      `The GitHub App's private key is a ${key.asymmetricKeyType ?? "non-RSA"} key; GitHub Apps sign with RSA keys (RS256).`
    );
  }
  return key.export({ type: "pkcs8", format: "pem" }).toString();
}
var MIN_MASKED_LINE = 8;
function privateKeyMaskParts(pem) {
  const texts = [withLineBreaks(pem.trim())];
  try {
    texts.push(appPrivateKeyPkcs8(pem).trim());
  } catch {
  }
  const parts = /* @__PURE__ */ new Set();
  for (const text of texts) {
    parts.add(text);
    for (const line of text.split(/\r?\n/).map((part) => part.trim()))
      if (line.length >= MIN_MASKED_LINE && !line.startsWith("-----")) parts.add(line);
  }
  return [...parts];
}

export {
  GitHubCredentialsError,
  checkAppId,
  appPrivateKeyPkcs8,
  privateKeyMaskParts
};
//# sourceMappingURL=chunk-36H3BBLY.js.map
