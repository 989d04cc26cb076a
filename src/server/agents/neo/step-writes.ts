// A run's tool steps, written off the executor's path (issue 39, "overhead"): the executor hands each
// step here and goes on with the model; one writer inserts whatever steps are waiting in one statement,
// so a fast loop makes few round trips to the database. The run waits for the writer before it is
// finished, so a finished run has all its steps. The first failed write fails the run there.
import type { Database } from "../../db/client.ts";
import { recordSteps, type StepRow } from "./run-store.ts";

export class StepWrites {
  private waiting: StepRow[] = [];
  private writing: Promise<void> | null = null;
  private failure: unknown = null;
  private readonly db: Database;
  private readonly runId: string;

  constructor(db: Database, runId: string) {
    this.db = db;
    this.runId = runId;
  }

  add(step: StepRow): void {
    this.waiting.push(step);
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0 && this.failure === null) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await recordSteps(this.db, this.runId, batch);
      } catch (error) {
        this.failure = error;
      }
    }
    this.writing = null;
  }

  /** Every step written; throws the first write's failure. */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.failure !== null) throw this.failure;
  }
}
