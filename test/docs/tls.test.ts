/**
 * The TLS snippets of docs/deploy.md ("TLS at the proxy") are configuration HAProxy and nginx accept: each is
 * taken from the doc as written, given a self-signed certificate and what the shipped file would put around
 * it, and checked by the proxy's own check (`haproxy -c`, `nginx -t`). Skipped where the proxy is missing,
 * except under CI.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOC = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
const CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';

/** The first block of `language` in the "TLS at the proxy" section. */
function snippet(language: string): string {
  const section = DOC.slice(DOC.indexOf('### TLS at the proxy'));
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(
    section.slice(0, section.indexOf('\n### ', 5)),
  );
  if (block?.[1] === undefined) throw new Error(`no ${language} block in "TLS at the proxy"`);
  return block[1];
}

/** A self-signed certificate and key for play.example.org, in `dir`. */
function certificate(dir: string): { cert: string; key: string; pem: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=play.example.org',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  const pem = join(dir, 'both.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return { cert, key, pem };
}

const has = (path: string) => existsSync(path) || CI;

describe('TLS at the proxy, as docs/deploy.md shows it', () => {
  it.skipIf(!has('/usr/sbin/haproxy'))('HAProxy accepts the frontend', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pirates-tls-'));
    const { pem } = certificate(dir);
    const frontend = snippet('haproxy')
      .replace('/etc/haproxy/certs/play.example.org.pem', pem)
      .replace(/^\s*# \.\.\..*$/m, '    default_backend anywhere');
    const config = `defaults\n    mode http\n    timeout connect 5s\n    timeout client 60s\n    timeout server 60s\n\n${frontend}\nbackend anywhere\n    server s1 127.0.0.1:3000\n`;
    writeFileSync(join(dir, 'haproxy.cfg'), config);
    const output = execFileSync('haproxy', ['-c', '-f', join(dir, 'haproxy.cfg')], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    expect(output).toContain('Configuration file is valid');
  });

  it.skipIf(!has('/usr/sbin/nginx'))('nginx accepts the servers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pirates-tls-'));
    const { cert, key } = certificate(dir);
    const servers = snippet('nginx')
      .replace('/etc/letsencrypt/live/play.example.org/fullchain.pem', cert)
      .replace('/etc/letsencrypt/live/play.example.org/privkey.pem', key)
      .replace(/^\s*# \.\.\..*$/m, '    location / { proxy_pass http://pirates; }');
    const config = `pid ${join(dir, 'nginx.pid')};\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  upstream pirates { server 127.0.0.1:3000; }\n${servers}}\n`;
    writeFileSync(join(dir, 'nginx.conf'), config);
    // nginx -t writes its verdict to stderr: run through sh to read it.
    const output = execFileSync('sh', ['-c', `nginx -t -p ${dir} -c ${join(dir, 'nginx.conf')} 2>&1`], {
      encoding: 'utf8',
    });
    expect(output).toContain('test is successful');
  });
});
