/** Player-name rules of spec §5 (the server applies the same ones). */

export const PLAYER_NAME_MAX = 100;
/** The input is shorter than the rule so a typed name always passes the length check. */
export const PLAYER_NAME_INPUT_MAX = 50;

/** The first rule a name breaks, as the spec's message; null when it is acceptable. */
export function playerNameError(name: string | null | undefined): string | null {
  if (name === null || name === undefined) return 'Player name is required';
  const trimmed = name.trim();
  if (!trimmed) return 'Player name cannot be empty';
  if (trimmed.length > PLAYER_NAME_MAX) return `Player name is too long (max ${PLAYER_NAME_MAX} characters)`;
  if (/<[^>]*>/.test(trimmed)) return 'Player name cannot contain HTML tags';
  return null;
}
