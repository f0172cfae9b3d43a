/**
 * Crit Happens tables: limits and WebSocket close codes, shared by the server and the page
 * (plain values; the message schemas are in schemas/tables.ts).
 */

/** Table ids: 128 random bits, base64url (unguessable: the link is the invitation). */
export const TABLE_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
/** Members per table (one member may have several tabs open: they count once). */
export const MAX_MEMBERS = 20;
/** Rolls one member may ask for per minute. */
export const MAX_ROLLS_PER_MINUTE = 60;
/** Tables one address may open per hour. */
export const MAX_TABLES_PER_HOUR = 20;
/** Largest message a client may send, in bytes. */
export const MAX_MESSAGE_BYTES = 2048;
/** Rolls a member joining late (or reconnecting) is sent. */
export const HISTORY_LENGTH = 100;
/** A table nobody joins or rolls at for this long is gone. */
export const TABLE_IDLE_HOURS = 24;
/** A socket that has not said who it is by then is closed. */
export const JOIN_TIMEOUT_MS = 10_000;

/**
 * Close codes. The client reconnects after any close except the ones that cannot get
 * better by trying again (table missing or full, a message the server refused).
 */
export const CLOSE = {
  /** The server is restarting or shutting down: reconnect (to it or another server). */
  restart: 1012,
  /** A message that is not JSON, of an unknown type, or not valid for its type. */
  invalidMessage: 1008,
  tooLarge: 1009,
  /** The table's store (Redis) did not answer: reconnect shortly. */
  unavailable: 1011,
  tableMissing: 4404,
  tableFull: 4409,
  joinTimeout: 4408,
} as const;
