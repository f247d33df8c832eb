import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleDestroy } from '@nestjs/common';
import { withoutTrailingSlashes } from '@app/common';
import { APP_CONFIG } from '@app/messaging';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { AuthConfig } from '../auth.settings';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail over SMTP_URL; without it (standalone default) mail is off and callers fall back. */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AuthConfig) {
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** A link into the web client. */
  link(pathAndQuery: string): string {
    return `${withoutTrailingSlashes(this.config.PUBLIC_URL)}${pathAndQuery}`;
  }

  /**
   * Sends in the background: a slow or failing mail server must neither delay the answer (which
   * would reveal whether an account exists) nor fail the action. Failures are logged.
   */
  sendLater(mail: Mail, requestId?: string): void {
    if (!this.transport) {
      return;
    }
    this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail }).catch((err: unknown) => {
      this.logger.error({ err, subject: mail.subject, requestId }, 'mail could not be sent');
    });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
