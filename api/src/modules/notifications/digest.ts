import type { AppNotification } from '@carmarket/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.js';
import { notificationDigestEmail } from '../../mail/templates.js';
import type { NotificationsRepository } from './notifications.repository.js';
import { toNotificationDto } from './notifications.service.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

/** At most one digest per user in this long. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** A digest names this many of the newest notifications and counts the rest. */
export const DIGEST_MAX_ITEMS = 20;

/**
 * The mailed digest: for every user who ticked 'Email me about saved searches' or 'Email me about
 * new listings', the notifications not mailed yet and not already read in the menu, at most once a day, with a link that
 * unsubscribes without signing in. `run(now)` is what the server's scheduler calls (tests call it
 * with their own clock).
 */
export class NotificationDigest {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly mailer: Mailer,
    private readonly unsubscribeTokens: UnsubscribeTokens,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends every digest due at `now`; answers how many went out. */
  async run(now = new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      const recipient = await this.repository.claimDigestRecipient(now, DIGEST_INTERVAL_MS);
      if (!recipient) return sent;
      const rows = await this.repository.unmailed(recipient.id, now, DIGEST_MAX_ITEMS + 1);
      const items: AppNotification[] = rows.slice(0, DIGEST_MAX_ITEMS).map(toNotificationDto);
      try {
        await this.mailer.send(
          notificationDigestEmail(recipient.email, {
            items,
            more: rows.length > DIGEST_MAX_ITEMS,
            siteUrl: this.publicUrl,
            unsubscribeUrl: await this.unsubscribeUrl(recipient.id),
          }),
        );
      } catch (error) {
        // Not mailed: the notifications stay pending and the user is due again on the next run.
        await this.repository.releaseDigest(recipient.id, recipient.previousDigestAt);
        this.log.error({ err: error }, 'could not send a notification digest');
        return sent;
      }
      await this.repository.markMailed(recipient.id, now);
      sent++;
    }
  }

  async unsubscribeUrl(userId: string): Promise<string> {
    const token = await this.unsubscribeTokens.sign(userId);
    return `${this.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  }
}
