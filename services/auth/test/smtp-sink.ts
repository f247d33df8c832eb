import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message with quoted-printable soft breaks undone. */
  text: string;
}

/** A real SMTP server on a random port that keeps what it receives (tests only). */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth: (auth, _session, cb) => cb(null, { user: auth.username }),
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            text: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
          });
          cb();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://tester:secret@127.0.0.1:${port}`;
  }

  /** Waits until a mail to `to` (whose text contains `containing`) arrives; mail is sent in the background. */
  async waitFor(to: string, timeoutMs = 10_000, containing = ''): Promise<ReceivedMail> {
    const started = Date.now();
    for (;;) {
      const mail = this.mails.find((m) => m.to.includes(to) && m.text.includes(containing));
      if (mail) {
        return mail;
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
