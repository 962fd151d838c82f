import type { ModerationCase } from '@carmarket/shared';
import type { ModerationAction } from '../../features/moderation/api/moderate';

export interface CaseAction {
  label: string;
  action: ModerationAction;
  /** What the page announces once it is done. */
  done: string;
}

/**
 * The decisions a case offers: hide or restore its listing (whichever changes it; none once the
 * listing is deleted or for a message), and block or unblock the account it is about.
 */
export function caseActions({ target, listingHidden, reportedUser }: ModerationCase): CaseAction[] {
  const actions: CaseAction[] = [];
  if (target.type === 'listing' && target.listingId) {
    actions.push(
      listingHidden
        ? {
            label: 'Restore listing',
            action: { kind: 'restore-listing', listingId: target.listingId },
            done: `“${target.title}” is back in search`,
          }
        : {
            label: 'Hide listing',
            action: { kind: 'hide-listing', listingId: target.listingId },
            done: `“${target.title}” is hidden from search`,
          },
    );
  }
  if (reportedUser) {
    actions.push(
      reportedUser.blocked
        ? {
            label: 'Unblock user',
            action: { kind: 'unblock-user', userId: reportedUser._id },
            done: `${reportedUser.name} is unblocked`,
          }
        : {
            label: 'Block user',
            action: { kind: 'block-user', userId: reportedUser._id },
            done: `${reportedUser.name} is blocked`,
          },
    );
  }
  return actions;
}
