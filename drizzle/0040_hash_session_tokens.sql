-- Session tokens are stored as their SHA-256 in hex (server/auth/hashed-session-tokens.ts). Existing
-- sessions are hashed in place, so everyone stays signed in: the cookie still carries the raw token,
-- which the adapter hashes before comparing. A row already in the stored form is left as it is (a raw
-- Better Auth token is 32 letters and digits, never 64 hex digits).
UPDATE "session" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex') WHERE "token" !~ '^[0-9a-f]{64}$';
