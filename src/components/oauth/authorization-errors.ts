// What went wrong with an application's authorization request, in words, for /oauth/error. The
// authorization server sends errors it cannot return to the application (an unknown client, a
// redirect URI not registered, a bare /oauth/consent) to that page, as RFC 6749 §4.1.2.1 asks: never to the redirect URI.
export interface AuthorizationErrorCopy {
  title: string;
  message: string;
}

const copies: Record<string, AuthorizationErrorCopy> = {
  invalid_client: {
    title: "Unknown application",
    message:
      "Portico does not know the application that sent you here. Remove Portico from the application and add it again, so that it registers anew.",
  },
  invalid_redirect: {
    title: "The application's return address is not registered",
    message:
      "The application asked Portico to send you back to an address it did not register, so Portico stopped here to keep your account safe. Reconnect from the application.",
  },
};

const fallback: AuthorizationErrorCopy = {
  title: "This authorization request cannot be completed",
  message:
    "The application sent a request Portico cannot accept. Start connecting again from the application.",
};

/** The plugin reports an unknown client as "invalid_client" and bad redirect URIs as "invalid_redirect". */
export function authorizationErrorCopy(error: string | undefined): AuthorizationErrorCopy {
  return (error && copies[error]) || fallback;
}
