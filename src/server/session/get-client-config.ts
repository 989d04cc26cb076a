// The runtime settings the browser needs (error reporting, canonical URLs). They come from the server's
// environment at request time so one build can run in every environment.
import { createServerFn } from "@tanstack/react-start";
import { config } from "../config.ts";

export interface ClientConfig {
  environment: string;
  baseUrl: string;
  sentryDsn: string | null;
}

export const getClientConfig = createServerFn({ method: "GET" }).handler((): ClientConfig => {
  const { environment, baseUrl, sentryDsn } = config();
  return { environment, baseUrl, sentryDsn: sentryDsn ?? null };
});
