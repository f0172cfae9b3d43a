/**
 * What a game page shows when one of its workers stopped: the bridge's message ("… stopped
 * working.") and a Restart that starts it again from the last state the page holds.
 */
export function StoppedNotice({
  message,
  onRestart,
  className,
}: {
  message: string;
  onRestart: () => void;
  /** The game's notice style. */
  className?: string;
}) {
  return (
    <div className={className} role="alert">
      <span>{message}</span>
      <button type="button" onClick={onRestart}>
        Restart
      </button>
    </div>
  );
}
