/** QUIT, or after `ms` (a Redis that does not answer) the connection dropped. */
export async function quitWithin(client: { quit(): Promise<unknown>; destroy(): void }, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const quit = client.quit().then(
    () => true,
    () => false,
  );
  const done = await Promise.race([
    quit,
    new Promise<false>((r) => (timer = setTimeout(() => r(false), ms))),
  ]);
  clearTimeout(timer);
  if (!done) {
    try {
      client.destroy();
    } catch {
      // already closed
    }
  }
}
