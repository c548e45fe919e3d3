import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail through the SMTP server named in the environment (SMTP_HOST and friends).
 * nodemailer is loaded with the first mail, not at boot: it is one of the largest modules
 * the server would otherwise parse before its first answer (issue 17), for a feature most
 * boots never use.
 */
export class Mailer {
  private transport: Promise<Transporter> | null = null;

  constructor(private config: Config) {}

  get configured(): boolean {
    return Boolean(this.config.SMTP_HOST);
  }

  async send(mail: Mail): Promise<void> {
    if (!this.configured) throw new AppError("ERR_MAIL_NOT_CONFIGURED");
    this.transport ??= this.createTransport();
    await (await this.transport).sendMail({ from: this.config.SMTP_FROM, ...mail });
  }

  private async createTransport(): Promise<Transporter> {
    const { default: nodemailer } = await import("nodemailer");
    const c = this.config;
    return nodemailer.createTransport({
      host: c.SMTP_HOST,
      port: c.SMTP_PORT,
      secure: c.SMTP_SECURE,
      auth: c.SMTP_USER ? { user: c.SMTP_USER, pass: c.SMTP_PASS ?? "" } : undefined,
      tls: { rejectUnauthorized: c.SMTP_TLS_REJECT_UNAUTHORIZED },
    });
  }
}
