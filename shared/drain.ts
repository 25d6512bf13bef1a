/**
 * Stopping the admin process without cutting anyone off (SIGTERM/SIGINT, server/main.ts):
 *
 * 1. from the signal on, `draining()` is true, so /readyz answers 503 "draining" (server/health.ts)
 *    and the load balancer sends new requests elsewhere;
 * 2. for `delayMs` (DRAIN_DELAY_SECONDS: the time the balancer takes to see /readyz fail) the
 *    process still accepts connections, answering each request with `Connection: close`; then the
 *    listening socket closes: new connections are refused;
 * 3. requests in flight finish, a long streamed Excel export included;
 * 4. a keep-alive connection is told `Connection: close` on any response that starts from now on,
 *    and is ended after the response in flight when that one's headers were already sent; an idle
 *    connection is closed at once;
 * 5. `stop()` resolves when the last connection has gone, and the process can end.
 *
 * The grace period (the force-exit) belongs to the caller: server/main.ts.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

export type Drain = {
  /** true from `stop()` on */
  draining(): boolean;
  /** Follows the server's connections (call right after listen). */
  watch(server: Server): void;
  /**
   * Begins draining; after `delayMs` (default 0) closes the listener; resolves when the server has
   * closed and every connection has ended.
   */
  stop(options?: { delayMs?: number }): Promise<void>;
  /** Requests being answered now (for logs). */
  inFlight(): number;
};

export function createDrain(): Drain {
  let draining = false;
  /** the listener is closed (after the drain delay) */
  let closing = false;
  let watched: Server | undefined;
  let stopped: Promise<void> | undefined;
  /** every open connection, with how many of its requests are being answered */
  const busy = new Map<Socket, number>();

  const endIfIdle = (socket: Socket) => {
    if (busy.get(socket) === 0 && !socket.destroyed) {
      // its last response is written: end() flushes it, then the socket is closed without waiting
      // for the client's side (a half-open client would otherwise hold the process up)
      socket.end(() => socket.destroy());
    }
  };

  return {
    draining: () => draining,
    inFlight: () => [...busy.values()].reduce((sum, n) => sum + n, 0),
    watch(server) {
      if (watched) throw new Error("createDrain: already watching a server");
      watched = server;
      server.on("connection", (socket: Socket) => {
        busy.set(socket, 0);
        socket.once("close", () => busy.delete(socket));
        // a connection opened in the moment between the delay's end and the listener closing
        if (closing) setImmediate(() => endIfIdle(socket));
      });
      // before the app's own listener, so the header is there before any answer is written
      server.prependListener("request", (req, res) => {
        const socket = req.socket;
        busy.set(socket, (busy.get(socket) ?? 0) + 1);
        // a response starting while draining closes its connection (Node then ends it after)
        if (draining && !res.headersSent) res.setHeader("Connection", "close");
        res.once("close", () => {
          if (!busy.has(socket)) return;
          busy.set(socket, Math.max(0, (busy.get(socket) ?? 1) - 1));
          if (draining) endIfIdle(socket);
        });
      });
    },
    stop({ delayMs = 0 } = {}) {
      if (stopped) return stopped;
      draining = true;
      const server = watched;
      if (!server) return (stopped = Promise.resolve());
      // idle keep-alive connections end now: the caller's next request opens a new one, which the
      // balancer can send elsewhere
      for (const socket of busy.keys()) endIfIdle(socket);
      stopped = new Promise<void>((resolve) => {
        const close = () => {
          closing = true;
          // refuses new connections; the callback runs when the last open one has ended
          server.close(() => resolve());
          for (const socket of busy.keys()) endIfIdle(socket);
        };
        if (delayMs > 0) setTimeout(close, delayMs);
        else close();
      });
      return stopped;
    },
  };
}
