// The server's side of the provider hooks' AskProvider (src/integrations/_kit/connection-account.ts):
// a GET with the connection's headers through providerFetch, its failures worded for the person.
import type { AskProvider } from "../../../integrations/_kit/connection-account.ts";
import { networkReason, providerFetch } from "../outbound-fetch.ts";
import { ConnectionUnavailableError } from "./connection-errors.ts";

/** Asks `name`'s API with `headers` (the connection's token); refusals throw ConnectionUnavailableError. */
export function askProviderWith(headers: Record<string, string>, name: string): AskProvider {
  return async (url, what) => {
    let response: Response;
    try {
      response = await providerFetch(url, { headers: { accept: "application/json", ...headers } });
    } catch (error) {
      throw new ConnectionUnavailableError(`Could not reach ${name} to ${what}: ${networkReason(error)}.`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ConnectionUnavailableError(
        response.status === 401
          ? `${name} refused the connection's access (HTTP 401). Reconnect ${name}.`
          : `${name} answered HTTP ${response.status} when Portico tried to ${what}.`,
      );
    }
    return response.json().catch(() => null);
  };
}
