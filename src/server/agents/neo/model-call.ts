// What every model call of a run shares: the run's cancel signal, one retry, and a time limit per call
// (per step of the executor's tool loop), so a model that stops answering ends the run with a reason
// instead of holding it open.
export interface ModelCallSettings {
  abortSignal: AbortSignal | undefined;
  maxRetries: number;
  timeout: { stepMs: number };
}

export function modelCallSettings(timeoutMs: number, signal: AbortSignal | undefined): ModelCallSettings {
  return { abortSignal: signal, maxRetries: 1, timeout: { stepMs: timeoutMs } };
}
