// Resumability for one conformance session (SEP-1699): the SSE events it sent, so a client that lost
// a stream can reconnect with Last-Event-ID and get what followed. One store per session, so an event
// id from another session is simply unknown; bounded, oldest events dropped first.
import type {
  EventId,
  EventStore,
  StreamId,
} from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

const DEFAULT_MAX_EVENTS = 1000;

interface StoredEvent {
  streamId: StreamId;
  sequence: number;
  message: JSONRPCMessage;
}

export class SessionEventStore implements EventStore {
  private readonly events = new Map<EventId, StoredEvent>();
  private sequence = 0;

  private readonly maxEvents: number;

  constructor(maxEvents = DEFAULT_MAX_EVENTS) {
    this.maxEvents = maxEvents;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.sequence += 1;
    const eventId = `${this.sequence}`;
    this.events.set(eventId, { streamId, sequence: this.sequence, message });
    if (this.events.size > this.maxEvents) {
      const oldest = this.events.keys().next().value;
      if (oldest !== undefined) this.events.delete(oldest);
    }
    return eventId;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.events.get(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.events.get(lastEventId);
    if (!last) throw new Error(`Unknown event id: ${lastEventId}`);
    for (const [eventId, event] of this.events) {
      // Priming events carry no message ({}): nothing to replay for them.
      const isPriming = Object.keys(event.message).length === 0;
      if (event.streamId === last.streamId && event.sequence > last.sequence && !isPriming) {
        await send(eventId, event.message);
      }
    }
    return last.streamId;
  }
}
