// Browser error-reporting sample rates (requirements §9): traces 0.01 (0.5 in the test environment), session
// replay for 10 % of sessions and for every session with an error.
export interface SentrySampleRates {
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
}

export function sentrySampleRates(environment: string): SentrySampleRates {
  return {
    tracesSampleRate: environment === "test" ? 0.5 : 0.01,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
  };
}
