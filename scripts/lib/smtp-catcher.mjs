// An SMTP server that accepts every message and files it per recipient under `mailDir`, so tests
// (in other processes) read sign-in codes from real mail instead of a back door in the product.
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const mailboxName = (address) => encodeURIComponent(address.trim().toLowerCase());

/** Starts the catcher on a free local port; `url` is the SMTP_URL for the server under test. */
export async function startSmtpCatcher({ mailDir }) {
  await mkdir(mailDir, { recursive: true });
  const delivered = new Map();
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks);
          for (const { address } of session.envelope.rcptTo) {
            const box = path.join(mailDir, mailboxName(address));
            const count = (delivered.get(box) ?? 0) + 1;
            delivered.set(box, count);
            await mkdir(box, { recursive: true });
            // Written aside then renamed, so a reader never sees half a message.
            const pending = path.join(mailDir, `.incoming-${++sequence}`);
            await writeFile(pending, raw);
            await rename(pending, path.join(box, `${String(count).padStart(4, '0')}.eml`));
          }
          callback();
        } catch (error) {
          callback(error);
        }
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

function splitMessage(raw) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body, encoding = '') {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

function decodeWords(value = '') {
  return value.replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, kind, text) =>
    kind.toUpperCase() === 'B'
      ? decodeBody(text, 'base64')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** The readable text of a MIME message: subject plus every decoded text part. */
export function messageText(raw) {
  const { headers, body } = splitMessage(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const text = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => messageText(part.replace(/^\r?\n/, '')))
        .join('\n')
    : /^text\//i.test(type)
      ? decodeBody(body, headers['content-transfer-encoding'])
      : '';
  return [decodeWords(headers.subject), text].filter(Boolean).join('\n');
}

/** Reads what the catcher filed; works from any process that can see `mailDir`. */
export class Mailbox {
  constructor(mailDir) {
    this.mailDir = mailDir;
  }

  /** Every address that received mail. */
  async addresses() {
    const boxes = await readdir(this.mailDir).catch(() => []);
    return boxes.filter((name) => !name.startsWith('.')).map((name) => decodeURIComponent(name));
  }

  /** Every message received for `address`, oldest first, as readable text. */
  async messages(address) {
    const box = path.join(this.mailDir, mailboxName(address));
    const files = (await readdir(box).catch(() => [])).sort();
    return Promise.all(files.map(async (file) => messageText(await readFile(path.join(box, file), 'utf8'))));
  }

  /** When the last message to `address` arrived (ms since the epoch), or null when none did. */
  async lastReceivedAt(address) {
    const box = path.join(this.mailDir, mailboxName(address));
    const last = (await readdir(box).catch(() => [])).sort().at(-1);
    return last ? (await stat(path.join(box, last))).mtimeMs : null;
  }

  /** Waits until `address` has received `count` messages and returns the last of them. */
  async waitForMessage(address, { count = 1, timeoutMs = 15_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = await this.messages(address);
      if (messages.length >= count) return messages[count - 1];
      if (Date.now() > deadline) {
        throw new Error(
          `expected ${count} message(s) for ${address} within ${timeoutMs} ms, got ${messages.length}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The 6-digit code of the `count`-th message to `address`. */
  async waitForCode(address, options) {
    const text = await this.waitForMessage(address, options);
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no 6-digit code in the message to ${address}:\n${text}`);
    return code;
  }
}
