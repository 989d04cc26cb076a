// The server's log: one JSON object per line (level, time, message, then the fields: request id,
// project, tool, outcome, duration, …) for log collectors, or a short readable line in development.
// Lines are gathered and written every FLUSH_MS (or at FLUSH_BYTES), errors at once: a write per line
// was a system call per tool call, and at 2,000 calls a second that was a fifth of a `calculate` call's
// CPU. What a kill -9 loses is the last FLUSH_MS of lines; an exit (even by an uncaught error) writes them.
//
// Secrets never reach it: fields whose name says credential (token, secret, password, authorization,
// cookie, key, code) are replaced, and callers log ids and names, never request headers or bodies.
import { writeSync } from "node:fs";

export const logLevels = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof logLevels)[number];
export type LogFormat = "json" | "pretty";
export type LogFields = Record<string, unknown>;

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_FIELD = /token|secret|passw|authori[sz]ation|cookie|api_?key$|credential|^code$/i;

let threshold = rank.info;
let format: LogFormat = "json";
const FLUSH_MS = 100;
const FLUSH_BYTES = 64 * 1024;

let pending: string[] = [];
let pendingBytes = 0;
const standardOutput = (text: string): void => {
  writeSync(1, text);
};
let output: (text: string) => void = standardOutput;
let scheduled = false;

export function configureLogging(options: { level: LogLevel; format: LogFormat }): void {
  threshold = rank[options.level];
  format = options.format;
}

/** Where lines go: standard output, or a test's capture (null restores standard output). */
export function setLogOutput(next: ((text: string) => void) | null): void {
  flushLogs();
  output = next ?? standardOutput;
}

/** Writes the lines waiting for the next turn now (on exit, and before a crash report). */
export function flushLogs(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = pending.join("");
  pending = [];
  pendingBytes = 0;
  try {
    output(text);
  } catch {
    // stdout closed or full (EAGAIN on a non-blocking pipe): the lines are dropped, not the process.
  }
}
process.once("exit", flushLogs);

/** Whether a field's name says it holds a credential; names come from code, so they are few. */
const secretNames = new Map<string, boolean>();
function isSecretName(name: string): boolean {
  let secret = secretNames.get(name);
  if (secret === undefined) {
    secret = SECRET_FIELD.test(name);
    secretNames.set(name, secret);
  }
  return secret;
}

/** A field value as logged: errors as name and message, credentials never. */
function loggable(name: string, value: unknown): unknown {
  if (value !== null && value !== undefined && isSecretName(name)) return "[redacted]";
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/**
 * Whether a string goes into JSON as it is, between quotes: no quote, backslash, control character or
 * lone surrogate half (what JSON.stringify would escape). A loop the JIT inlines; the regular
 * expression it replaced was a sixth of a tool call's log line (docs/perf/observability-2026-11.md).
 */
function isPlain(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}

/** Ids, names and words need no escaping; JSON.stringify only for the rest. */
const jsonValue = (value: unknown) =>
  typeof value === "string" && isPlain(value)
    ? `"${value}"`
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : JSON.stringify(value);

/** Messages are a few strings from code: each one's JSON is made once. */
const messageJson = new Map<string, string>();
function jsonMessage(message: string): string {
  let json = messageJson.get(message);
  if (json === undefined) {
    json = JSON.stringify(message);
    if (messageJson.size < 1000) messageJson.set(message, json);
  }
  return json;
}

/** "000" … "999", the milliseconds of a timestamp. */
const MILLISECONDS = Array.from({ length: 1000 }, (_, ms) => String(ms).padStart(3, "0"));
let second = Number.NaN;
let secondPrefix = "";

/** Date#toISOString of now, its seconds' part made once a second (a line per tool call). */
function isoNow(): string {
  const now = Date.now();
  const ms = now % 1000;
  if (now - ms !== second) {
    second = now - ms;
    secondPrefix = new Date(second).toISOString().slice(0, 20); // "YYYY-MM-DDTHH:MM:SS."
  }
  return `${secondPrefix}${MILLISECONDS[ms]}Z`;
}

function line(level: LogLevel, message: string, fields: LogFields | undefined): string {
  const time = isoNow();
  if (format === "json") {
    let json = `{"level":"${level}","time":"${time}","msg":${jsonMessage(message)}`;
    if (fields) {
      for (const name in fields) {
        const value = loggable(name, fields[name]);
        if (value !== undefined) json += `,"${name}":${jsonValue(value)}`;
      }
    }
    return `${json}}\n`;
  }
  let text = `${time.slice(11, 23)} ${level.toUpperCase().padEnd(5)} ${message}`;
  if (fields) {
    for (const name in fields) {
      const value = loggable(name, fields[name]);
      if (value === undefined) continue;
      if (typeof value === "object" && value !== null && "stack" in value) text += `\n${String(value.stack)}`;
      else text += ` ${name}=${typeof value === "string" ? value : JSON.stringify(value)}`;
    }
  }
  return `${text}\n`;
}

function write(level: LogLevel, message: string, fields?: LogFields): void {
  if (rank[level] < threshold) return;
  const text = line(level, message, fields);
  pending.push(text);
  pendingBytes += text.length;
  if (level === "error" || pendingBytes >= FLUSH_BYTES) {
    flushLogs();
    return;
  }
  if (!scheduled) {
    scheduled = true;
    // Unref'd: a finished process does not wait for it (its exit handler writes what is left).
    setTimeout(flushLogs, FLUSH_MS).unref();
  }
}

export const log = {
  debug: (message: string, fields?: LogFields) => write("debug", message, fields),
  info: (message: string, fields?: LogFields) => write("info", message, fields),
  warn: (message: string, fields?: LogFields) => write("warn", message, fields),
  error: (message: string, fields?: LogFields) => write("error", message, fields),
  enabled: (level: LogLevel) => rank[level] >= threshold,
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** The client's X-Request-Id when it is a plain token (the log makes one otherwise). */
export const requestIdFrom = (header: string | null | undefined): string | undefined =>
  header && REQUEST_ID.test(header) ? header : undefined;
