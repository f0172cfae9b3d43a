/**
 * A game's mute toggle (a speaker icon, pressed while muted): the game owns the muted flag
 * and the style (`className`); `what` names what is muted in its label ("Mute sound").
 */
export function MuteButton({
  muted,
  onToggle,
  className,
  what,
}: {
  muted: boolean;
  onToggle(): void;
  className: string;
  what: string;
}) {
  const label = `${muted ? 'Unmute' : 'Mute'} ${what}`;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={muted}
      aria-label={label}
      title={label}
      onClick={onToggle}
    >
      <span aria-hidden="true">{muted ? '🔇' : '🔊'}</span>
    </button>
  );
}
