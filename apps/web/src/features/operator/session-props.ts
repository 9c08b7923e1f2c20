/** What every operator hook and widget gets from the page: the session's token, and what to do on a 401. */
export type OperatorSession = {
  token: string
  /** The server refused the token: the session ends (the guard sends the client to the login). */
  onUnauthorized: () => void
}
