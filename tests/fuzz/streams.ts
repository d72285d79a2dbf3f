/** A JSON-looking body stream of `total` bytes with no declared length (over the body limit). */
export function bodyTooLargeStream(total: number, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const n = Math.min(chunkSize, total - sent);
      const chunk = new Uint8Array(n).fill(0x20);
      if (sent === 0) chunk.set(new TextEncoder().encode('{"metadata":"'));
      controller.enqueue(chunk);
      sent += n;
    },
  });
}
