// The text of an answer, for tests that walk every read: an event stream (GET /api/changes) never ends by itself, so
// its first lines stand for it.
export async function answerText(res: Response): Promise<string> {
  if (!/^text\/event-stream/.test(res.headers.get('content-type') ?? '')) return res.text();
  const reader = res.body!.getReader();
  const first = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(first.value ?? new Uint8Array());
}
