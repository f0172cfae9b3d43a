/**
 * What a game page shows when one of its workers stopped: the bridge's message ("… stopped
 * working.") and a Restart that starts it again from the last state the page holds.
 */
export function StoppedNotice({ message, onRestart }: { message: string; onRestart: () => void }) {
  return (
    <div className="worker-stopped" role="alert">
      <span>{message}</span>
      <button type="button" onClick={onRestart}>
        Restart
      </button>
    </div>
  );
}
