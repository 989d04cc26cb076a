// Status reasons quote what the provider answered, and a provider may echo what it was sent (a refresh
// token, an API key). A token is cut out before a reason is stored (storedReason), and hidden again when
// mailed or shown (rows stored before). A token is a long run of token characters with a long piece
// between its dots and slashes that looks random; scopes, host names and e-mail addresses (short dotted
// words, which a reason needs: "allow these scopes") stay.
const TOKEN_LIKE = /[A-Za-z0-9\-._~+/]{24,}=*/g;
const looksRandom = (piece: string) =>
  piece.length >= 28 || (piece.length >= 16 && /\d/.test(piece) && /[A-Za-z]/.test(piece));

export function redactSecrets(text: string): string {
  return text.replace(TOKEN_LIKE, (run) => (run.split(/[./]/).some(looksRandom) ? "[hidden]" : run));
}

/** The reason as it is stored on the connection (status_reason): never a token. */
export function storedReason(reason: string): string;
export function storedReason(reason: string | null): string | null;
export function storedReason(reason: string | null): string | null {
  return reason === null ? null : redactSecrets(reason);
}
