import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Parses what nodemailer sends for a plain text mail: headers, then the (maybe QP-encoded) text. */
export function parseMail(raw: string): Mail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) body = decodeQuotedPrintable(body);
  if (/base64/i.test(header('Content-Transfer-Encoding'))) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to: header('To'), subject: header('Subject'), text: body };
}

/** A real SMTP server on loopback that keeps every mail it receives. */
export class Mailbox {
  readonly mails: Mail[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        this.mails.push(parseMail(raw));
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** How many mails have arrived: pass it as `since` to wait only for newer ones. */
  mark(): number {
    return this.mails.length;
  }

  /** Waits for a mail to this address that matches (the newest one, arrived after `since`). */
  async waitFor(to: string, match: RegExp, since = 0, timeoutMs = 10_000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mails
        .slice(since)
        .reverse()
        .find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match.test(m.text));
      if (mail) return mail;
      if (Date.now() > deadline)
        throw new Error(`no mail to ${to} matching ${match}; got ${JSON.stringify(this.mails.map((m) => m.subject))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A sign-in code's mail: up to 30 s, as a server that has just started and seeded its demo world may be slow to send it. */
  async loginCode(to: string, since = 0): Promise<string> {
    const mail = await this.waitFor(to, /\b\d{6}\b/, since, 30_000);
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }
}
