/**
 * The few parts of `ws` (installed with @fastify/websocket, without @types/ws) that the
 * tables and their tests use. Remove this file if @types/ws is ever installed.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';

  export class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    readonly CONNECTING: 0;
    readonly OPEN: 1;
    readonly CLOSING: 2;
    readonly CLOSED: 3;
    readonly readyState: 0 | 1 | 2 | 3;
    constructor(address: string, options?: { headers?: Record<string, string> });
    send(data: string | Buffer, callback?: (err?: Error) => void): void;
    close(code?: number, reason?: string): void;
    ping(): void;
    terminate(): void;
  }
  export default WebSocket;
}
