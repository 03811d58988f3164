const ignore = (): void => {}
// The intrinsic `then`: a promise with an own `then` or `catch` that attaches nothing must not turn
// its rejection into an unhandled one.
const promiseThen = Promise.prototype.then

/**
 * Handles the rejection of a promise a hook returned where the runtime expects no promise (an async
 * guard, classifier or projector, a `tools/result` observer): the runtime has already judged the
 * answer by its type — failing closed where it matters — so the rejection only must not reach the
 * host as an unhandled one, which would crash it.
 */
export function containRejection(returned: unknown): void {
  if (returned instanceof Promise) promiseThen.call(returned, undefined, ignore)
}
