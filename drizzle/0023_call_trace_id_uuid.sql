-- tool_call.trace_id from text to uuid: 16 bytes a row where the 32 hex digits took 33, and COPY into the
-- call log cost ~6 µs more a row on the embedded database with the text (~1 µs with uuid). The ids kept so
-- far are 32 lower-case hex digits (traceparent.ts checks a client's), which uuid reads as they are.
-- Custom because drizzle-kit writes this change without USING, which PostgreSQL refuses for text to uuid;
-- 0024 is the generated change, a no-op after this one, so the snapshot stays true.
ALTER TABLE "tool_call" ALTER COLUMN "trace_id" SET DATA TYPE uuid USING "trace_id"::uuid;
