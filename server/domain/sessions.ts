/**
 * How long a sign-in lasts: the session row's expiry (repositories) and its cookie's max-age
 * (the session plugin) both read these, so the two never disagree.
 */
export const USER_SESSION_DAYS = 30;
/** Admin sign-ins are short: an unattended admin console expires the same working day. */
export const ADMIN_SESSION_HOURS = 12;
