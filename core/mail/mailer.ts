import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail through the SMTP server named in the environment (SMTP_HOST and friends). */
export class Mailer {
  private transport: ReturnType<typeof nodemailer.createTransport> | null;

  constructor(private config: Config) {
    this.transport = config.SMTP_HOST
      ? nodemailer.createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_SECURE,
          auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? "" } : undefined,
          tls: { rejectUnauthorized: config.SMTP_TLS_REJECT_UNAUTHORIZED },
        })
      : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) throw new AppError("ERR_MAIL_NOT_CONFIGURED");
    await this.transport.sendMail({ from: this.config.SMTP_FROM, ...mail });
  }
}
