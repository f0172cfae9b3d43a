/** Calls of My account (platform spec §7) with the texts of §8. */
import type { AccountDeleteResponse, ProfileResponse, SessionUser } from '../../api/types.ts';
import { apiSend } from '../../lib/api.ts';

export const DISPLAY_NAME_MAX = 64;

/** POST /api/account/profile.php → the updated user. Failure: 'Failed to save'. */
export async function saveDisplayName(displayName: string): Promise<Partial<SessionUser>> {
  let answer: ProfileResponse;
  try {
    answer = await apiSend<ProfileResponse>('POST', '/api/account/profile.php', { displayName });
  } catch {
    throw new Error('Failed to save');
  }
  if (!answer.success) throw new Error('Failed to save');
  return answer.user ?? { displayName };
}

/** POST /api/account/delete.php → the confirmation code for /privacy?deleted=1&code=…. */
export async function deleteMyAccount(): Promise<string> {
  let answer: AccountDeleteResponse;
  try {
    answer = await apiSend<AccountDeleteResponse>('POST', '/api/account/delete.php');
  } catch {
    throw new Error('Delete failed');
  }
  if (!answer.success || !answer.code) throw new Error(answer.error || 'Delete failed');
  return answer.code;
}

/** Apps whose saves link back to them (spec §2: only the synth is mapped). */
export const SAVE_APPS: Readonly<Record<string, { label: string; route: string }>> = {
  synth: { label: 'Synth Loops', route: '/synth' },
};
