import path from 'node:path';
import { z } from 'zod';

/** Mail and SMS settings, parsed here so the delivery module stays self-contained. */
const schema = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'expected smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Roost <no-reply@roost.localhost>'),
  SMS_PROVIDER: z.enum(['twilio']).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
});

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  sms: { provider: 'twilio'; accountSid: string; authToken: string; from: string } | undefined;
  outboxDir: string;
  /** The `/dev/outbox` page is served only outside production. */
  isOutboxPageEnabled: boolean;
}

export function parseMailConfig(
  source: NodeJS.ProcessEnv,
  options: { dataDir: string; isProduction: boolean },
): MailConfig {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = result.data;
  let sms: MailConfig['sms'];
  if (env.SMS_PROVIDER === 'twilio') {
    if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) {
      throw new Error(
        'Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM expected when SMS_PROVIDER=twilio',
      );
    }
    sms = {
      provider: 'twilio',
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
    };
  }
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    sms,
    outboxDir: path.join(options.dataDir, 'outbox'),
    isOutboxPageEnabled: !options.isProduction,
  };
}
