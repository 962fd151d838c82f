// The e2e run's log check (global-setup's teardown): the codes and addresses of real mail sent
// through the catcher are found however a log line carries them, and ordinary lines pass.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMailer } from '../../api/dist/mail/mailer.js';
import { signInCodeEmail } from '../../api/dist/mail/templates.js';
import { mailedSecrets, serverLogProblems } from './server-log.mjs';
import { startSmtpCatcher } from './smtp-catcher.mjs';

const line = (entry) => JSON.stringify({ level: 30, time: 1795567104281, pid: 1, hostname: 'vm', ...entry });

// Lines of a real run: request ids, hashed chunk names and response times full of digits.
const ordinary = [
  line({
    reqId: 'e3b7e778-f918-43ec-afaf-f1f016466a50',
    req: { method: 'GET', url: '/540.6c111783.js', remoteAddress: '127.0.0.1', remotePort: 33510 },
    msg: 'incoming request',
  }),
  line({ reqId: 'e3b7e778-f918-43ec-afaf-f1f016466a50', res: { statusCode: 200 }, responseTime: 2.016466 }),
].join('\n');

describe('the e2e server log check', () => {
  let workDir;
  let mailed;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'server-log-'));
    const catcher = await startSmtpCatcher({ mailDir: path.join(workDir, 'mail') });
    try {
      const mailer = createMailer({ smtpUrl: catcher.url, from: 'CarMarket <no-reply@carmarket.test>' });
      await mailer.send(signInCodeEmail('Buyer.One@Example.com', '016466', 600_000));
      await mailer.send(signInCodeEmail('seller@example.com', '482913', 600_000));
    } finally {
      await catcher.stop();
    }
    mailed = await mailedSecrets(path.join(workDir, 'mail'));
  });

  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('reads the codes and addresses the run mailed', () => {
    expect(mailed.codes.sort()).toEqual(['016466', '482913']);
    expect(mailed.addresses.sort()).toEqual(['buyer.one@example.com', 'seller@example.com']);
  });

  it('passes the lines of a run that leaks nothing, digits and hashes included', () => {
    expect(serverLogProblems(ordinary, mailed)).toEqual([]);
  });

  it.each([
    ['a mailed code in a message', line({ msg: 'verify failed for 482913' }), 'a mailed code'],
    ['a mailed code in a URL', line({ req: { url: '/api/auth/verify?otp=016466' } }), 'a mailed code'],
    ['a mailed address, other case', line({ msg: 'sent to BUYER.ONE@example.COM' }), 'a mailed address'],
    ['any address', line({ msg: 'someone@else.org' }), 'an email address'],
    ['a body with a code', line({ body: { email: 'x', otp: '123456' } }), 'a one-time code'],
    [
      'an access token',
      line({
        req: {
          headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXBhcnQ' },
        },
      }),
      'an access token',
    ],
    [
      'a refresh token',
      line({ body: { refreshToken: 'Qm9vdHN0cmFwLXJlZnJlc2gtdG9rZW4tZm9yLXRlc3Q' } }),
      'a refresh token',
    ],
    ['a server error', line({ res: { statusCode: 500 } }), 'a 500 answer'],
  ])('fails on %s', (_what, leak, problem) => {
    const problems = serverLogProblems(`${ordinary}\n${leak}\n`, mailed);
    expect(problems.some((found) => found.startsWith(problem))).toBe(true);
  });
});
