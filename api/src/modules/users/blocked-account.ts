import { ForbiddenError } from '../../http/errors.js';

/** What an account a moderator blocked is told when it tries to sign in or send. */
export const BLOCKED_ACCOUNT_MESSAGE =
  'This account has been blocked by a moderator for breaking the safety rules';

export class BlockedAccountError extends ForbiddenError {
  constructor() {
    super(BLOCKED_ACCOUNT_MESSAGE, 'ACCOUNT_BLOCKED');
  }
}
