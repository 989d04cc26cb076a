// SIGTERM while clients keep keep-alive connections busy: every request that reached the server is
// answered, and the server tells clients to go elsewhere (Connection: close) instead of resetting
// connections that had a request on its way.
import { describe, expect, it } from "vitest";
import { RawConnection, requestHead } from "../support/raw-http.ts";
import { SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";

const CONNECTIONS = 40;

interface ClientTally {
  answered: number;
  /** Requests written whose connection closed before their answer came: reset, never run. */
  unanswered: number;
}

/**
 * Sends requests one after another on one connection until the server closes it or says it will;
 * `busy` is called at its first answer.
 */
async function busyClient(port: number, stopAt: number, busy: () => void): Promise<ClientTally> {
  const connection = await RawConnection.open(port);
  const tally: ClientTally = { answered: 0, unanswered: 0 };
  try {
    while (Date.now() < stopAt) {
      const before = connection.statusCodes().length;
      await connection.write(requestHead("GET", "/api/auth/ok", port, {}));
      const answered = await connection.waitForResponses(before + 1, 10_000);
      if (!answered) {
        tally.unanswered++;
        break;
      }
      tally.answered++;
      if (tally.answered === 1) busy();
      const lastHead = connection.text().slice(connection.text().lastIndexOf("HTTP/1.1 "));
      if (/\r\nconnection: close\r\n/i.test(lastHead)) break;
    }
  } finally {
    connection.destroy();
  }
  return tally;
}

describe("SIGTERM", () => {
  it(
    "answers every keep-alive request that arrived, and resets none",
    async () => {
      const server = await startServer();
      const stopAt = Date.now() + 6_000;
      // SIGTERM once every connection has a request cycle going (or a client has given up).
      let busyClients = 0;
      let allBusy = () => {};
      const everyoneBusy = new Promise<void>((resolve) => {
        allBusy = resolve;
      });
      const onBusy = () => {
        busyClients += 1;
        if (busyClients === CONNECTIONS) allBusy();
      };
      const clients = Promise.all(
        Array.from({ length: CONNECTIONS }, () => busyClient(server.port, stopAt, onBusy)),
      );
      await Promise.race([everyoneBusy, clients]);
      const code = server.stop();
      const tallies = await clients;
      expect(await code).toBe(0);
      const answered = tallies.reduce((sum, tally) => sum + tally.answered, 0);
      const unanswered = tallies.reduce((sum, tally) => sum + tally.unanswered, 0);
      expect(answered).toBeGreaterThan(CONNECTIONS);
      expect(unanswered).toBe(0);
    },
    SERVER_HOOK_TIMEOUT,
  );
});
