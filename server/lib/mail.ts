import { onFirstUse } from './lazy-load.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends one mail; answers the transport's id of the accepted message when it gives one. */
  send(message: MailMessage): Promise<string | void>;
}

/**
 * Mail over SMTP to SMTP_URL (plain, no auth: a relay on loopback), or printed to
 * stdout when no SMTP_URL is set, so a developer can read sign-in codes in the log.
 */
export function createMailer(opts: { smtpUrl?: string; from?: string }): Mailer {
  const from = opts.from ?? 'RepForge <no-reply@repforge.local>';
  if (!opts.smtpUrl) {
    return {
      async send(m) {
        process.stdout.write(`\n--- mail to ${m.to} ---\nSubject: ${m.subject}\n\n${m.text}\n--- end of mail ---\n`);
      },
    };
  }
  const url = new URL(opts.smtpUrl);
  // nodemailer is loaded at the first mail (server/lib/lazy-load.ts).
  const transport = onFirstUse(async () =>
    (await import('nodemailer')).default.createTransport({
      host: url.hostname,
      port: Number(url.port || 25),
      secure: url.protocol === 'smtps:',
      ignoreTLS: url.protocol === 'smtp:',
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      // A relay that hangs must not hold a sign-in code (or shutdown) for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    }),
  );
  return {
    async send(m) {
      const info = (await (await transport()).sendMail({ from, to: m.to, subject: m.subject, text: m.text })) as { messageId?: string };
      return info.messageId;
    },
  };
}

/** Keeps mail in memory (server tests read codes and links from it). */
export class Outbox implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    return `outbox-${this.sent.length}`;
  }
  last(to: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => m.to === to);
  }
}
