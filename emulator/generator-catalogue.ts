/** The catalogue the generator draws from: rules per module, directories and file names. */

export interface Rule {
  readonly module: string;
  readonly title: string;
  readonly cwe: string | null;
  readonly owasp: string | null;
  readonly description: string;
  /** The vulnerable line and its fix, for the generated diff. */
  readonly before: string;
  readonly after: string;
}

export const RULES: readonly Rule[] = [
  {
    module: 'sast',
    title: 'SQL injection through string concatenation',
    cwe: 'CWE-89',
    owasp: 'A03:2021-Injection',
    description: 'User input reaches a SQL query without parameters.',
    before: 'db.query(`SELECT * FROM users WHERE id = ${id}`);',
    after: "db.query('SELECT * FROM users WHERE id = $1', [id]);",
  },
  {
    module: 'sast',
    title: 'Reflected cross-site scripting',
    cwe: 'CWE-79',
    owasp: 'A03:2021-Injection',
    description: 'Request data is written into HTML without encoding.',
    before: 'res.send(`<p>${req.query.q}</p>`);',
    after: 'res.send(`<p>${escapeHtml(req.query.q)}</p>`);',
  },
  {
    module: 'sast',
    title: 'Path traversal in file download',
    cwe: 'CWE-22',
    owasp: 'A01:2021-Broken Access Control',
    description: 'A path built from request data can leave the intended directory.',
    before: 'fs.readFile(path.join(root, name));',
    after: 'fs.readFile(safeJoin(root, name));',
  },
  {
    module: 'sast',
    title: 'OS command injection',
    cwe: 'CWE-78',
    owasp: 'A03:2021-Injection',
    description: 'A shell command is built from request data.',
    before: 'exec(`convert ${file} out.png`);',
    after: "execFile('convert', [file, 'out.png']);",
  },
  {
    module: 'sast',
    title: 'Server-side request forgery',
    cwe: 'CWE-918',
    owasp: 'A10:2021-Server-Side Request Forgery',
    description: 'An outgoing request goes to a URL taken from the request.',
    before: 'await fetch(req.body.url);',
    after: 'await fetch(allowlisted(req.body.url));',
  },
  {
    module: 'sast',
    title: 'Weak hash used for passwords',
    cwe: 'CWE-328',
    owasp: 'A02:2021-Cryptographic Failures',
    description: 'Passwords are hashed with a fast, broken hash.',
    before: "createHash('md5').update(password)",
    after: 'await argon2.hash(password)',
  },
  {
    module: 'sast',
    title: 'Open redirect',
    cwe: 'CWE-601',
    owasp: 'A01:2021-Broken Access Control',
    description: 'The redirect target comes from the request.',
    before: 'res.redirect(req.query.next);',
    after: "res.redirect(sameOrigin(req.query.next) ?? '/');",
  },
  {
    module: 'sast',
    title: 'Insecure deserialization',
    cwe: 'CWE-502',
    owasp: 'A08:2021-Software and Data Integrity Failures',
    description: 'Untrusted data is deserialized into objects.',
    before: 'const value = yaml.load(body);',
    after: 'const value = yaml.load(body, { schema: FAILSAFE_SCHEMA });',
  },
  {
    module: 'secrets',
    title: 'Hard-coded AWS access key',
    cwe: 'CWE-798',
    owasp: 'A07:2021-Identification and Authentication Failures',
    description: 'An AWS access key id and secret are committed to the repository.',
    before: "const key = 'AKIAIOSFODNN7EXAMPLE';",
    after: 'const key = process.env.AWS_ACCESS_KEY_ID;',
  },
  {
    module: 'secrets',
    title: 'GitHub personal access token in source',
    cwe: 'CWE-798',
    owasp: 'A07:2021-Identification and Authentication Failures',
    description: 'A GitHub token is committed to the repository.',
    before: "token: 'ghp_exampleexampleexampleexample0000',",
    after: 'token: process.env.GITHUB_TOKEN,',
  },
  {
    module: 'dependencies',
    title: 'Prototype pollution in lodash < 4.17.21',
    cwe: 'CWE-1321',
    owasp: 'A06:2021-Vulnerable and Outdated Components',
    description: 'A dependency has a known prototype pollution flaw.',
    before: '"lodash": "4.17.15"',
    after: '"lodash": "4.17.21"',
  },
  {
    module: 'dependencies',
    title: 'Regular expression denial of service in semver < 7.5.2',
    cwe: 'CWE-1333',
    owasp: 'A06:2021-Vulnerable and Outdated Components',
    description: 'A dependency has a known ReDoS flaw.',
    before: '"semver": "7.5.1"',
    after: '"semver": "7.5.4"',
  },
  {
    module: 'iac',
    title: 'Storage bucket readable by everyone',
    cwe: 'CWE-732',
    owasp: 'A05:2021-Security Misconfiguration',
    description: 'The bucket ACL grants public read access.',
    before: 'acl = "public-read"',
    after: 'acl = "private"',
  },
  {
    module: 'iac',
    title: 'Container runs as root',
    cwe: 'CWE-250',
    owasp: 'A05:2021-Security Misconfiguration',
    description: 'The image does not drop root privileges.',
    before: 'USER root',
    after: 'USER node',
  },
  {
    module: 'iac',
    title: 'Security group open to the internet',
    cwe: 'CWE-284',
    owasp: 'A01:2021-Broken Access Control',
    description: 'Ingress is allowed from 0.0.0.0/0.',
    before: 'cidr_blocks = ["0.0.0.0/0"]',
    after: 'cidr_blocks = [var.office_cidr]',
  },
  {
    module: 'sast',
    title: 'Debug logging of request headers',
    cwe: 'CWE-532',
    owasp: 'A09:2021-Security Logging and Monitoring Failures',
    description: 'Authorization headers may end up in logs.',
    before: 'logger.debug(req.headers);',
    after: 'logger.debug(redactHeaders(req.headers));',
  },
];

export const DIRECTORIES: readonly string[] = [
  'src/server',
  'src/api',
  'src/services/orders',
  'src/services/users',
  'src/lib',
  'packages/core/src',
  'packages/web/src/components',
  'infra/terraform',
  'deploy/k8s',
  'scripts',
];

export const FILES: Readonly<Record<string, readonly string[]>> = {
  sast: ['handler.ts', 'routes.ts', 'controller.js', 'query.ts', 'render.tsx', 'upload.py', 'auth.go'],
  secrets: ['config.ts', 'settings.py', '.env.example', 'credentials.json'],
  dependencies: ['package.json', 'requirements.txt', 'go.mod'],
  iac: ['main.tf', 'storage.tf', 'Dockerfile', 'deployment.yaml'],
};
